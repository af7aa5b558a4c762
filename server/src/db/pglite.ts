import { PGlite } from '@electric-sql/pglite';
import { makePrivateDir } from '../data-dir/private-files.ts';
import type { Database } from './database.ts';
import { PrivateNodeFS } from './pglite-private-fs.ts';

/**
 * Embedded PostgreSQL. With a directory the data survives restarts (and a SIGKILL: PGlite writes
 * its WAL through to the file system at commit); without one it lives in memory, for tests.
 * PGlite has a single connection and queues transactions, so they never interleave.
 */
export async function openPglite(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  // On disk, only the server's user may open the files: the write-ahead log holds emails and password hashes.
  if (dataDir) makePrivateDir(dataDir);
  const db = await PGlite.create({
    ...(dataDir ? { fs: new PrivateNodeFS(dataDir) } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // Calls waiting for or holding the one connection, for /metrics.
  let busy = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    busy += 1;
    try {
      return await work();
    } finally {
      busy -= 1;
    }
  };
  return {
    kind: 'pglite',
    async query(sql, params) {
      return counted(async () => (await db.query(sql, params)).rows as never[]);
    },
    async exec(sql) {
      await counted(() => db.exec(sql));
    },
    transaction: (work) =>
      counted(() =>
        db.transaction((tx) => work({ query: async (sql, params) => (await tx.query(sql, params)).rows as never[] })),
      ),
    close: () => db.close(),
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    poolStats: () => ({ total: 1, idle: busy ? 0 : 1, waiting: Math.max(0, busy - 1) }),
    // A checkpoint first writes every committed page to the files; the dump then runs with the
    // connection held, so no statement changes them while they are read.
    async dump() {
      await db.exec('CHECKPOINT');
      return new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer());
    },
  };
}
