/**
 * `npm run backup` and `npm run restore` for embedded PGlite: an online backup taken through the
 * running server, restored into a fresh data folder, holds exactly the balances and the ledger of
 * the moment it was taken, and one taken during a stream of withdrawals is consistent.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fromCents, toCents } from '../../core/api/money.ts';
import { DEMO_PLAYER } from '../../server/src/db/demo-player.ts';
import { openPglite } from '../../server/src/db/pglite.ts';
import type { Database } from '../../server/src/db/database.ts';
import { ledgerMismatches } from '../../server/src/services/ledger.ts';
import {
  apiClient,
  demoPlayerToken,
  encryptedCentWithdrawal,
  killServer,
  postWithdrawal,
  startServer,
} from './server-process.ts';

const root = mkdtempSync(join(tmpdir(), 'amber-backup-'));
const live = join(root, 'live');
const env = {
  PORT: '0',
  DATA_DIR: live,
  RSA_PRIVATE_KEY_FILE: '',
  DEMO: '1',
  WITHDRAWAL_MIN: '0.01',
  DATABASE_URL: '',
};
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child) await killServer(child);
  rmSync(root, { recursive: true, force: true });
});

/** Runs `npm run backup|restore -- <file>` as npm does (node on the script), with this environment. */
function command(
  script: 'backup' | 'restore',
  file: string,
  extra: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, [`scripts/${script}.mjs`, file], {
      env: { ...process.env, ...env, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout.on('data', (chunk) => (output += chunk));
    proc.stderr.on('data', (chunk) => (output += chunk));
    proc.on('exit', (code) => resolve({ code, output }));
  });
}

/** Every balance and every ledger row, in a stable order. */
async function money(db: Database) {
  const balances = await db.query<{ id: number; balance: string; bonus_balance: string }>(
    'SELECT id, balance::text, bonus_balance::text FROM users ORDER BY id',
  );
  const ledger = await db.query<{ id: number; user_id: number; account: string; amount: string }>(
    'SELECT id, user_id, account, amount::text FROM ledger ORDER BY id',
  );
  return { balances, ledger };
}

async function withDatabase<T>(dataDir: string, work: (db: Database) => Promise<T>): Promise<T> {
  const db = await openPglite(join(dataDir, 'pglite'));
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('backup and restore (PGlite)', () => {
  it('backs up online, restores into a fresh folder with the same balances and ledger, never overwrites', async () => {
    const server = await startServer(env);
    child = server.proc;
    const call = apiClient(server.base, live);
    const token = await demoPlayerToken(call);
    const body = await encryptedCentWithdrawal(live);
    const withdraw = async () => {
      const response = await postWithdrawal(server.base, token, body);
      expect(response.status).toBe(201);
    };
    for (let i = 0; i < 3; i += 1) await withdraw();
    const atBackup = (await call('/api/user/me', { token })).body.balance as string;

    // 1. A quiet backup, then two more withdrawals that the backup must not hold.
    const quiet = join(root, 'quiet.tar.gz');
    const first = await command('backup', quiet);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toMatch(
      new RegExp(
        `^Backed up ${live} to ${quiet} \\(\\d+ bytes, through the running server at ` +
          `http://127\\.0\\.0\\.1:\\d+\\)\\.\\n$`,
      ),
    );
    expect(statSync(quiet).mode & 0o777).toBe(0o600);
    await withdraw();
    await withdraw();

    // 2. A backup while eight clients withdraw: it must be consistent, whatever it caught.
    let stop = false;
    const stream = Array.from({ length: 8 }, async () => {
      while (!stop) await withdraw();
    });
    const busy = join(root, 'busy.tar.gz');
    const second = await command('backup', busy);
    stop = true;
    await Promise.all(stream);
    expect(second.code, second.output).toBe(0);

    // Restoring while the server holds the folder is refused.
    const blocked = await command('restore', quiet);
    expect(blocked.code).toBe(1);
    expect(blocked.output).toBe(`Process ${server.proc.pid} holds ${live}: stop the server before restoring.\n`);

    server.proc.kill('SIGTERM');
    await new Promise((resolve) => server.proc.once('exit', resolve));
    child = undefined;
    const original = await withDatabase(live, money);

    // The quiet backup restored into a fresh folder: the ledger up to the backup, not the two after.
    const fresh = join(root, 'fresh');
    const restored = await command('restore', quiet, { DATA_DIR: fresh });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(
      new RegExp(
        `^Restored ${quiet} into ${join(fresh, 'pglite')}: \\d+ accounts, \\d+ migrations applied\\. Start ` +
          `the server as usual\\.\\n$`,
      ),
    );
    const copy = await withDatabase(fresh, async (db) => ({
      ...(await money(db)),
      mismatches: await ledgerMismatches(db),
    }));
    expect(copy.mismatches).toEqual([]);
    const lastTwoAndLater = original.ledger.length - copy.ledger.length;
    expect(lastTwoAndLater).toBeGreaterThanOrEqual(2);
    expect(copy.ledger).toEqual(original.ledger.slice(0, copy.ledger.length));
    const [demo] = await withDatabase(fresh, (db) =>
      db.query<{ id: number; balance: string }>('SELECT id, balance::text FROM users WHERE email = $1', [
        DEMO_PLAYER.email,
      ]),
    );
    expect(demo!.balance).toBe(atBackup);
    // Every other account is exactly as it is now (only the demo player withdrew since).
    expect(copy.balances.filter((row) => row.id !== demo!.id)).toEqual(
      original.balances.filter((row) => row.id !== demo!.id),
    );

    // The busy backup: consistent (each balance is its ledger's sum), between the two states.
    const busyDir = join(root, 'busy');
    expect((await command('restore', busy, { DATA_DIR: busyDir })).code).toBe(0);
    const caught = await withDatabase(busyDir, async (db) => ({
      ...(await money(db)),
      mismatches: await ledgerMismatches(db),
    }));
    expect(caught.mismatches).toEqual([]);
    expect(caught.ledger).toEqual(original.ledger.slice(0, caught.ledger.length));
    const busyDemo = caught.balances.find((row) => row.id === demo!.id)!;
    const withdrawnAfter = caught.ledger.length - copy.ledger.length;
    expect(busyDemo.balance).toBe(fromCents(toCents(atBackup)! - BigInt(withdrawnAfter)));

    // A restore never overwrites a database, and refuses a file that is not a backup.
    const again = await command('restore', quiet, { DATA_DIR: fresh });
    expect(again.code).toBe(1);
    expect(again.output).toBe(
      `${join(fresh, 'pglite')} already holds a database. Move it away first ` +
        `(mv ${join(fresh, 'pglite')} ${join(fresh, 'pglite')}.old), then restore.\n`,
    );
    const junk = join(root, 'junk.tar.gz');
    copyFileSync(new URL('../../package.json', import.meta.url), junk);
    const bad = await command('restore', junk, { DATA_DIR: join(root, 'junk') });
    expect(bad.code).toBe(1);
    expect(bad.output).toMatch(new RegExp(`^${junk} is not a backup this command can restore \\(`));
    expect(existsSync(join(root, 'junk', 'pglite'))).toBe(false);

    // The restored folder starts as a server (with the key pair, backed up apart) and serves the player.
    mkdirSync(fresh, { recursive: true });
    copyFileSync(join(live, 'rsa-private.pem'), join(fresh, 'rsa-private.pem'));
    const next = await startServer({ ...env, DATA_DIR: fresh });
    child = next.proc;
    const call2 = apiClient(next.base, fresh);
    const login = await call2('/auth/token/login/', {
      method: 'POST',
      body: { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
    });
    expect((await call2('/api/user/me', { token: login.body.auth_token })).body.balance).toBe(atBackup);
    await killServer(next.proc);
    child = undefined;
  }, 240_000);

  it('backs up a folder no server holds by opening it itself, and explains usage', async () => {
    const quietDir = join(root, 'live');
    const file = join(root, 'offline.tar.gz');
    const result = await command('backup', file, { DATA_DIR: quietDir });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(new RegExp(`^Backed up ${quietDir} to ${file} \\(\\d+ bytes\\)\\.\\n$`));
    expect(existsSync(join(quietDir, 'operator-control.json'))).toBe(false);
    const usage = await command('backup', '');
    expect(usage).toEqual({ code: 2, output: 'Usage: npm run backup -- <file.tar.gz>\n' });
  }, 120_000);
});

describe('backup and restore with DATABASE_URL', () => {
  it('point to pg_dump and pg_restore', async () => {
    const hint =
      'DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc, restore with pg_restore ' +
      '(docs/deploying.md "Backups").\n';
    expect(
      await command('backup', join(root, 'x.tar.gz'), { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }),
    ).toEqual({ code: 2, output: hint });
    expect(
      await command('restore', join(root, 'x.tar.gz'), { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }),
    ).toEqual({ code: 2, output: hint });
  }, 60_000);
});
