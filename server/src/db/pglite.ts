import { PGlite } from '@electric-sql/pglite';
import type { Database } from './database.ts';

/**
 * Embedded PostgreSQL. With a directory the data survives restarts (and a SIGKILL: PGlite writes
 * its WAL through to the file system at commit); without one it lives in memory, for tests.
 * PGlite has a single connection and queues transactions, so they never interleave.
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  const db = await PGlite.create(dataDir);
  return {
    kind: 'pglite',
    async query(sql, params) {
      return (await db.query(sql, params)).rows as never[];
    },
    async exec(sql) {
      await db.exec(sql);
    },
    transaction: (work) => db.transaction((tx) => work({ query: async (sql, params) => (await tx.query(sql, params)).rows as never[] })),
    close: () => db.close(),
  };
}
