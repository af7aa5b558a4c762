import { join } from 'node:path';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite's data lives in `<dataDir>/pglite`; undefined keeps it in memory. */
  dataDir?: string;
  /** PostgreSQL schema to use (tests give each run its own). */
  schema?: string;
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase({ databaseUrl, dataDir, schema }: DatabaseOptions): Promise<Database> {
  let db: Database;
  if (databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    db = await openPostgres(databaseUrl, schema);
  } else {
    const { openPglite } = await import('./pglite.ts');
    db = await openPglite(dataDir ? join(dataDir, 'pglite') : undefined);
  }
  await migrate(db);
  return db;
}
