/**
 * Two real API nodes started at the same moment on one PostgreSQL: both
 * come up (migrations and seed run one after the other under the startup lock), and parallel
 * withdrawals spread over both keep the money exact. PostgreSQL only: PGlite is one process's
 * embedded database and cannot be shared by two nodes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/src/db/database.ts';
import { openDatabase } from '../../server/src/db/open.ts';
import { DEMO_PLAYER } from '../../server/src/db/demo-player.ts';
import { ensureKeyPair } from '../../server/src/data-dir/key-pair.ts';
import { ledgerMismatches } from '../../server/src/services/ledger.ts';
import { apiClient, killServer, startServer, type ServerProcess } from './server-process.ts';

const databaseUrl = process.env.DATABASE_URL;
const schema = `two_nodes_${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(join(tmpdir(), 'amber-two-nodes-'));
const nodes: ServerProcess[] = [];

/** Backends waiting on `pid`, directly or behind another waiting backend. */
async function waitingBehind(db: Database, pid: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `WITH RECURSIVE waiting(pid) AS (
       SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))
       UNION SELECT a.pid FROM pg_stat_activity a JOIN waiting w ON w.pid = ANY(pg_blocking_pids(a.pid)))
     SELECT count(*)::int AS n FROM waiting`,
    [pid],
  );
  return row!.n;
}

afterAll(async () => {
  await Promise.all(nodes.map((node) => killServer(node.proc)));
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) {
    const { openPostgres } = await import('../../server/src/db/postgres.ts');
    const db = await openPostgres(databaseUrl);
    await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db.close();
  }
});

describe.skipIf(!databaseUrl)(
  'two API nodes on one PostgreSQL (skipped without DATABASE_URL: PGlite cannot be shared)',
  () => {
    it('start together, and 60 parallel withdrawals over both take exactly 27 × 10.00 from 275.50', async () => {
      // Nodes share one key pair, as a deployment does; made once so the two do not race on the file.
      ensureKeyPair({ DATA_DIR: dataDir });
      const env = {
        PORT: '0',
        DATA_DIR: dataDir,
        RSA_PRIVATE_KEY_FILE: '',
        DEMO: '1',
        DATABASE_URL: databaseUrl,
        DATABASE_SCHEMA: schema,
        SITE_URL: 'http://localhost:4321',
      };
      // On a busy machine one node could finish seeding before the other begins, and the race would
      // not show. So hold the users table until both nodes are waiting on it (directly or behind each
      // other), then let them go at the same instant: the seed's check-then-insert collides unless it
      // runs under the startup lock.
      const holder = await openDatabase({ databaseUrl, schema });
      let starting: Promise<ServerProcess[]> | undefined;
      try {
        await holder.transaction(async (tx) => {
          const [{ pid }] = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')) as [{ pid: number }];
          await tx.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
          starting = Promise.all([startServer(env), startServer(env)]);
          starting.catch(() => {});
          await vi.waitFor(async () => expect(await waitingBehind(holder, pid)).toBeGreaterThanOrEqual(2), {
            timeout: 90_000,
            interval: 100,
          });
        });
      } finally {
        await holder.close();
      }
      nodes.push(...(await starting!));
      const [a, b] = nodes.map((node) => apiClient(node.base, dataDir));

      const login = await a!('/auth/token/login/', {
        method: 'POST',
        body: { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
      });
      expect(login.status).toBe(200);
      const token = login.body.auth_token;
      expect((await b!('/api/user/me', { token })).body.balance).toBe('275.50');

      const replies = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          (i % 2 ? b! : a!)('/api/user/withdrawal', {
            method: 'POST',
            token,
            body: { amount: '10.00', method: 'card', destination: i % 2 ? '4242424242424242' : '5555555555554444' },
          }),
        ),
      );
      expect(replies.filter((reply) => reply.status === 201)).toHaveLength(27);
      expect(replies.filter((reply) => reply.status === 400)).toHaveLength(33);
      expect((await a!('/api/user/me', { token })).body.balance).toBe('5.50');
      expect((await b!('/api/user/history?type=withdrawal&page_size=1', { token })).body.count).toBe(28);

      const { openPostgres } = await import('../../server/src/db/postgres.ts');
      const db = await openPostgres(databaseUrl!, schema);
      try {
        expect(await ledgerMismatches(db)).toEqual([]);
        expect(
          (
            await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [DEMO_PLAYER.email])
          )[0]!.n,
        ).toBe(1);
      } finally {
        await db.close();
      }
    }, 120_000);
  },
);
