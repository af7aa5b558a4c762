/**
 * Two real API nodes started at the same moment on one PostgreSQL (issue 10, finding 10): both
 * come up (migrations and seed run one after the other under the startup lock), and parallel
 * withdrawals spread over both keep the money exact. PostgreSQL only: PGlite is one process's
 * embedded database and cannot be shared by two nodes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../server/src/db/demo-player.ts';
import { ensureKeyPair } from '../../server/src/keys.ts';
import { ledgerMismatches } from '../../server/src/services/ledger.ts';
import { apiClient, killServer, startServer, type ServerProcess } from './server-process.ts';

const databaseUrl = process.env.DATABASE_URL;
const schema = `two_nodes_${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(join(tmpdir(), 'amber-two-nodes-'));
const nodes: ServerProcess[] = [];

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

describe.skipIf(!databaseUrl)('two API nodes on one PostgreSQL (skipped without DATABASE_URL: PGlite cannot be shared)', () => {
  it('start together on an empty schema, and 60 parallel withdrawals over both take exactly 27 × 10.00 from 275.50', async () => {
    // Nodes share one key pair, as a deployment does; made once so the two do not race on the file.
    ensureKeyPair({ DATA_DIR: dataDir });
    const env = { PORT: '0', DATA_DIR: dataDir, RSA_PRIVATE_KEY_FILE: '', DEMO: '1', DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, SITE_URL: 'http://localhost:4321' };
    nodes.push(...(await Promise.all([startServer(env), startServer(env)])));
    const [a, b] = nodes.map((node) => apiClient(node.base, dataDir));

    const login = await a!('/auth/token/login/', { method: 'POST', body: { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password } });
    expect(login.status).toBe(200);
    const token = login.body.auth_token;
    expect((await b!('/api/user/me', { token })).body.balance).toBe('275.50');

    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? b! : a!)('/api/user/withdrawal', { method: 'POST', token, body: { amount: '10.00', method: 'card', destination: `node-${i % 2}` } })),
    );
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(27);
    expect(replies.filter((reply) => reply.status === 400)).toHaveLength(33);
    expect((await a!('/api/user/me', { token })).body.balance).toBe('5.50');
    expect((await b!('/api/user/history?type=withdrawal&page_size=1', { token })).body.count).toBe(28);

    const { openPostgres } = await import('../../server/src/db/postgres.ts');
    const db = await openPostgres(databaseUrl!, schema);
    try {
      expect(await ledgerMismatches(db)).toEqual([]);
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [DEMO_PLAYER.email]))[0]!.n).toBe(1);
    } finally {
      await db.close();
    }
  }, 120_000);
});
