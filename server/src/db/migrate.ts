import { createHash } from 'node:crypto';
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
  /** SHA-256 of the file as written: an applied migration whose file changed later is refused. */
  checksum: string;
  /** The SQL of an `NNN_name.sql` file, or the data step of an `NNN_name.ts` one. */
  sql?: string;
  run?: (tx: Queryable) => Promise<void>;
}

/** A migration folder or history the runner will not apply over: the server must not start on it. */
export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Migrations SQL cannot express (Unicode normalization as JavaScript does it), by file name. */
const CODE_MIGRATIONS: Record<string, (tx: Queryable) => Promise<void>> = {
  '003_normalize_emails.ts': normalizeEmails,
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The numbered `NNN_name.sql` files and the code migrations, in order. Two files with one number (two
 * branches that each added "their" 016) or a file the runner does not know would otherwise be skipped
 * silently, so both stop the start with the file names.
 */
export function migrationFiles(dir: URL = MIGRATIONS_DIR, code = CODE_MIGRATIONS): Migration[] {
  const migrations: Migration[] = [];
  for (const name of readdirSync(dir).sort()) {
    const match = /^(\d{3})_[\w-]+\.(sql|ts)$/.exec(name);
    const run = code[name];
    if (!match || (match[2] === 'ts' && !run)) {
      throw new MigrationError(
        `Unknown file in the migrations folder: ${name} (expected NNN_name.sql, or a code migration listed ` +
          `in migrate.ts)`,
      );
    }
    const text = readFileSync(new URL(name, dir), 'utf8');
    migrations.push({ version: Number(match[1]), name, checksum: sha256(text), ...(run ? { run } : { sql: text }) });
  }
  migrations.sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]!.version === migrations[i - 1]!.version) {
      throw new MigrationError(
        `Two migrations share the number ${migrations[i]!.version}: ${migrations[i - 1]!.name} ` +
          `and ${migrations[i]!.name}. Renumber one of them.`,
      );
    }
  }
  return migrations;
}

/** Applies every migration not yet applied, each in its own transaction. */
export async function migrate(db: Database, migrations: Migration[] = migrationFiles()): Promise<string[]> {
  // IF NOT EXISTS is not safe against a concurrent CREATE (duplicate pg_type row): take the lock.
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [STARTUP_LOCK]);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`,
    );
    // Databases migrated before checksums were kept get theirs on this run (below), then are held to them.
    await tx.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [STARTUP_LOCK]);
      const [row] = await tx.query<{ name: string; checksum: string | null }>(
        'SELECT name, checksum FROM schema_migrations WHERE version = $1',
        [migration.version],
      );
      if (row) {
        if (row.name !== migration.name) {
          throw new MigrationError(
            `Migration ${migration.version} was applied as ${row.name}, but the folder now ` +
              `has ${migration.name}. Give the new file a new number.`,
          );
        }
        if (row.checksum === null)
          await tx.query('UPDATE schema_migrations SET checksum = $1 WHERE version = $2', [
            migration.checksum,
            migration.version,
          ]);
        else if (row.checksum !== migration.checksum) {
          throw new MigrationError(
            `Migration ${migration.name} changed after it was applied. Restore it and put the change in a ` +
              `new migration.`,
          );
        }
        return false;
      }
      for (const statement of splitStatements(migration.sql ?? '')) await tx.query(statement);
      await migration.run?.(tx);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        migration.checksum,
      ]);
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
