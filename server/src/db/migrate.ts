import { readFileSync, readdirSync } from 'node:fs';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
/**
 * Any fixed number: the advisory lock lets one of several starting API nodes migrate, then seed,
 * at a time (see `seed.ts`), so nodes started together neither race nor crash.
 */
export const STARTUP_LOCK = 7_204_311;

/** The numbered `NNN_name.sql` files, in order. */
export function migrationFiles(): { version: number; name: string; sql: string }[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name))
    .sort()
    .map((name) => ({ version: Number(name.slice(0, 3)), name, sql: readFileSync(new URL(name, MIGRATIONS_DIR), 'utf8') }));
}

/** Applies every migration not yet applied, each in its own transaction. */
export async function migrate(db: Database): Promise<string[]> {
  // IF NOT EXISTS is not safe against a concurrent CREATE (duplicate pg_type row): take the lock.
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [STARTUP_LOCK]);
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
  });
  const applied: string[] = [];
  for (const migration of migrationFiles()) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [STARTUP_LOCK]);
      const rows = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (rows.length) return false;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (done) applied.push(migration.name);
  }
  return applied;
}

/** Splits a migration on semicolons at line ends; migrations keep to that style (no functions). */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/--.*$/gm, '')
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter(Boolean);
}
