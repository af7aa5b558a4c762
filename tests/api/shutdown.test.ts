/**
 * Graceful shutdown of the real server process (`server/src/index.ts`): SIGTERM in the middle of a
 * stream of withdrawals. Every withdrawal that got an answer is in the database, none was answered
 * 5xx, nothing unanswered was done, and the next start finds it all (PGlite, or PostgreSQL with
 * DATABASE_URL).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fromCents, toCents } from '../../core/api/money.ts';
import {
  apiClient,
  demoPlayerToken,
  dropServerSchema,
  encryptedCentWithdrawal,
  killServer,
  postWithdrawal,
  startServer,
} from './server-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'amber-shutdown-'));
const env = {
  PORT: '0',
  DATA_DIR: dataDir,
  RSA_PRIVATE_KEY_FILE: '',
  DEMO: '1',
  WITHDRAWAL_MIN: '0.01',
  SHUTDOWN_GRACE_SECONDS: '20',
  ...(process.env.DATABASE_URL ? { DATABASE_SCHEMA: `shutdown_${randomBytes(4).toString('hex')}` } : {}),
};
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child) await killServer(child);
  rmSync(dataDir, { recursive: true, force: true });
  await dropServerSchema(env.DATABASE_SCHEMA);
});

type Outcome = { status: number; id?: number } | { error: string };

describe('graceful shutdown', () => {
  it('finishes withdrawals in flight at SIGTERM, answers none 5xx; the next start has every answered one', async () => {
    const server = await startServer(env);
    child = server.proc;
    const call = apiClient(server.base, dataDir);
    const token = await demoPlayerToken(call);
    const before = (await call('/api/user/me', { token })).body as { balance: string };
    const historyBefore = (await call('/api/user/history?type=withdrawal', { token })).body.count as number;
    const body = await encryptedCentWithdrawal(dataDir);

    // Eight clients, each sending withdrawals one after another until the server is gone.
    const outcomes: Outcome[] = [];
    let sentAtSigterm = -1;
    let answeredAtSigterm = -1;
    let sent = 0;
    let stop = false;
    const exited = new Promise<number | null>((resolve) => {
      server.proc.removeAllListeners('exit');
      server.proc.on('exit', (code) => resolve(code));
    });
    const clients = Array.from({ length: 8 }, async () => {
      while (!stop) {
        sent += 1;
        try {
          const response = await postWithdrawal(server.base, token, body);
          const answer = (await response.json()) as { id?: number };
          outcomes.push({ status: response.status, id: answer.id });
          // The stream runs until SIGTERM; after it, the first refused connection ends each client.
          if (outcomes.length === 40 && sentAtSigterm < 0) {
            sentAtSigterm = sent;
            answeredAtSigterm = outcomes.length;
            server.proc.kill('SIGTERM');
          }
        } catch (error) {
          outcomes.push({ error: (error as Error).message });
          if (sentAtSigterm >= 0) stop = true;
        }
      }
    });
    await Promise.all(clients);
    expect(await exited).toBe(0);
    child = undefined;

    const answered = outcomes.filter((outcome): outcome is { status: number; id?: number } => 'status' in outcome);
    const created = answered.filter((outcome) => outcome.status === 201);
    const inFlight = Number(/"event":"shutdown","signal":"SIGTERM","in_flight":(\d+)/.exec(server.output())?.[1]);
    // Counted by the server (requests it had started) and by the clients (sent, no answer yet).
    const figures = {
      in_flight_at_sigterm_server: inFlight,
      awaiting_answer_at_sigterm_client: sentAtSigterm - answeredAtSigterm,
      answered: answered.length,
      answered_after_sigterm: answered.length - answeredAtSigterm,
      refused_connections: outcomes.length - answered.length,
      created: created.length,
    };
    console.log(`shutdown figures (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${JSON.stringify(figures)}`);
    expect(answered.filter((outcome) => outcome.status >= 500)).toEqual([]);
    expect(answered.map((outcome) => outcome.status).filter((status) => status !== 201)).toEqual([]);
    // Requests sent before SIGTERM were still unanswered then, and got their answers after it. Whether
    // the server had already started them (its own in_flight count) or they still sat in its sockets
    // is a matter of microseconds: once 0 of 7 in a CI run, so the count is logged, not required.
    expect(sentAtSigterm - answeredAtSigterm).toBeGreaterThanOrEqual(1);
    expect(Number.isInteger(inFlight)).toBe(true);
    expect(answered.length).toBeGreaterThan(answeredAtSigterm);
    expect(server.output()).toContain('"event":"stopped","drained":true}');

    const again = await startServer(env);
    child = again.proc;
    const call2 = apiClient(again.base, dataDir);
    const after = (await call2('/api/user/me', { token })).body as { balance: string };
    const history = (await call2(`/api/user/history?type=withdrawal&page_size=100`, { token })).body as {
      count: number;
      results: { id: number }[];
    };
    // Every answered withdrawal is there (lost: 0), and none that went unanswered was done.
    expect(history.count - historyBefore).toBe(created.length);
    const ids = new Set<number>();
    for (let page = 1; ids.size < history.count; page += 1) {
      const { results } = (await call2(`/api/user/history?type=withdrawal&page_size=100&page=${page}`, { token }))
        .body as { results: { id: number }[] };
      if (!results.length) break;
      for (const item of results) ids.add(item.id);
    }
    expect(created.filter((outcome) => !ids.has(outcome.id!))).toEqual([]);
    expect(after.balance).toBe(fromCents(toCents(before.balance)! - BigInt(created.length)));
    await killServer(again.proc);
    child = undefined;
  }, 180_000);
});
