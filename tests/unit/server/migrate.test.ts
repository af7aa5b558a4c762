import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { migrate, migrationFiles, MigrationError } from '#server/db/migrate.ts';
import { openPglite } from '#server/db/pglite.ts';

/** A migrations folder of our own, so the runner's refusals can be shown without touching the real one. */
function folder(files: Record<string, string>): URL {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return pathToFileURL(`${dir}/`);
}
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('migration files', () => {
  it('refuses two files with one number, naming both, so a merged branch is never skipped silently', () => {
    const dir = folder({ '016_a.sql': 'SELECT 1;', '016_b.sql': 'SELECT 2;', '017_c.sql': 'SELECT 3;' });
    expect(() => migrationFiles(dir, {})).toThrow(MigrationError);
    expect(() => migrationFiles(dir, {})).toThrow(
      'Two migrations share the number 16: 016_a.sql and 016_b.sql. Renumber one of them.',
    );
  });

  it('refuses a file it does not know: a misnamed SQL file or a code migration nobody registered', () => {
    expect(() => migrationFiles(folder({ '001_a.sql': 'SELECT 1;', '2_b.sql': 'SELECT 1;' }), {})).toThrow(
      'Unknown file in the migrations folder: 2_b.sql',
    );
    expect(() => migrationFiles(folder({ '001_a.sql': 'SELECT 1;', '002_b.ts': 'export {}' }), {})).toThrow(
      'Unknown file in the migrations folder: 002_b.ts',
    );
  });

  it('the real folder has unique numbers in order', () => {
    const versions = migrationFiles().map((migration) => migration.version);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
  });
});

describe('applied migrations', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite();
  });
  afterAll(async () => db.close());

  it('records a checksum per file, applies nothing twice, refuses a file changed after it was applied', async () => {
    const first = folder({ '001_one.sql': 'CREATE TABLE t1 (id int);', '002_two.sql': 'CREATE TABLE t2 (id int);' });
    expect(await migrate(db, migrationFiles(first, {}))).toEqual(['001_one.sql', '002_two.sql']);
    expect(await migrate(db, migrationFiles(first, {}))).toEqual([]);
    const rows = await db.query<{ version: number; checksum: string }>(
      'SELECT version, checksum FROM schema_migrations ORDER BY version',
    );
    expect(rows.map((row) => row.version)).toEqual([1, 2]);
    for (const row of rows) expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);

    const changed = folder({
      '001_one.sql': 'CREATE TABLE t1 (id bigint);',
      '002_two.sql': 'CREATE TABLE t2 (id int);',
    });
    await expect(migrate(db, migrationFiles(changed, {}))).rejects.toThrow(
      'Migration 001_one.sql changed after it was applied.',
    );

    const renamed = folder({
      '001_one.sql': 'CREATE TABLE t1 (id int);',
      '002_other.sql': 'CREATE TABLE t2 (id int);',
    });
    await expect(migrate(db, migrationFiles(renamed, {}))).rejects.toThrow(
      'Migration 2 was applied as 002_two.sql, but the folder now has 002_other.sql.',
    );
  });

  it('a database migrated before checksums were kept gets them, then is held to them', async () => {
    const files = folder({ '001_one.sql': 'CREATE TABLE t1 (id int);', '002_two.sql': 'CREATE TABLE t2 (id int);' });
    await db.query('UPDATE schema_migrations SET checksum = NULL');
    expect(await migrate(db, migrationFiles(files, {}))).toEqual([]);
    const [row] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM schema_migrations WHERE checksum IS NOT NULL',
    );
    expect(row!.n).toBe(2);
  });
});
