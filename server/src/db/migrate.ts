import { readFileSync, readdirSync } from 'node:fs';
import type { Database, Queryable } from './database.ts';
import { normalizeEmails } from './migrations/003_normalize_emails.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
/**
 * Any fixed number: the advisory lock lets one of several starting API nodes migrate, then seed,
 * at a time (see `seed.ts`), so nodes started together neither race nor crash.
 */
export const STARTUP_LOCK = 7_204_311;

interface Migration {
  version: number;
  name: string;
  /** The SQL of an `NNN_name.sql` file, or the data step of an `NNN_name.ts` one. */
  sql?: string;
  run?: (tx: Queryable) => Promise<void>;
}

/** Migrations SQL cannot express (Unicode normalization as JavaScript does it), by file name. */
const CODE_MIGRATIONS: Migration[] = [{ version: 3, name: '003_normalize_emails.ts', run: normalizeEmails }];

/** The numbered `NNN_name.sql` files and the code migrations, in order. */
export function migrationFiles(): Migration[] {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name))
    .map((name) => ({ version: Number(name.slice(0, 3)), name, sql: readFileSync(new URL(name, MIGRATIONS_DIR), 'utf8') }));
  return [...files, ...CODE_MIGRATIONS].sort((a, b) => a.version - b.version || a.name.localeCompare(b.name));
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
      for (const statement of splitStatements(migration.sql ?? '')) await tx.query(statement);
      await migration.run?.(tx);
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
