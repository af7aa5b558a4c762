/**
 * DATA_DIR holds the embedded database (its write-ahead log carries email addresses and password
 * hashes), the key pair, the mail outbox and backups. Started by npm start's entry under umask 022,
 * the server makes every folder in it 0700 and every file 0600, also the ones the database, the mail
 * and `npm run backup` add while it runs; a start on a folder with looser modes tightens them and
 * says so once in the log.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../server/src/db/demo-player.ts';
import { apiClient, demoPlayerToken, killServer, startServer, type ServerProcess } from './server-process.ts';

const root = mkdtempSync(join(tmpdir(), 'amber-modes-'));
const dataDir = join(root, 'data');
// Always the embedded database: its files are what this is about.
const env = { PORT: '0', DATA_DIR: dataDir, RSA_PRIVATE_KEY_FILE: '', DEMO: '1', DATABASE_URL: '', SMTP_URL: '' };
const UMASK = '022';
let server: ServerProcess | undefined;

// A server a failed test left running would hold the folder for the next one.
afterEach(async () => {
  if (server) await killServer(server.proc);
  server = undefined;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every folder and file under `dir` (itself included), with its permission bits in octal. */
function modes(dir: string): Map<string, { kind: 'folder' | 'file'; mode: string }> {
  const found = new Map<string, { kind: 'folder' | 'file'; mode: string }>();
  const visit = (path: string) => {
    const info = lstatSync(path);
    const kind = info.isDirectory() ? 'folder' : 'file';
    found.set(relative(dir, path) || '.', { kind, mode: (info.mode & 0o7777).toString(8).padStart(4, '0') });
    if (info.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return found;
}

/** The entries whose mode is not exactly 0700 (folders) or 0600 (files); none is the answer wanted. */
function notPrivate(dir: string): string[] {
  return [...modes(dir)]
    .filter(([, { kind, mode }]) => mode !== (kind === 'folder' ? '0700' : '0600'))
    .map(([path, { kind, mode }]) => `${kind} ${path} ${mode}`);
}

/** `npm run backup -- <file>` as npm runs it, under the same umask, through the running server. */
function backup(file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const proc = spawn(
      '/bin/sh',
      ['-c', `umask ${UMASK} && exec "$0" "$1" "$2"`, process.execPath, 'scripts/backup.mjs', file],
      {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    proc.stdout.on('data', (chunk) => (output += chunk));
    proc.stderr.on('data', (chunk) => (output += chunk));
    proc.on('exit', (code) => resolve({ code, output }));
  });
}

/** SIGTERM, as systemd stops it: the database closes cleanly (its last writes land in the folder). */
function stop(running: ServerProcess): Promise<void> {
  return new Promise((resolve) => {
    running.proc.removeAllListeners('exit');
    running.proc.once('exit', () => resolve());
    running.proc.kill('SIGTERM');
  });
}

async function until(condition: () => boolean) {
  for (let attempt = 0; attempt < 100 && !condition(); attempt++) await new Promise((r) => setTimeout(r, 100));
  expect(condition()).toBe(true);
}

describe('file modes under DATA_DIR', () => {
  it('a fresh DATA_DIR made by npm start under umask 022: every folder 0700, every file 0600', async () => {
    server = await startServer(env, 120_000, { entry: 'scripts/server.mjs', umask: UMASK });
    // Writes to the database (sign-in, a reset link), a mail to the outbox, and a backup into the folder.
    const call = apiClient(server.base, dataDir);
    expect(await demoPlayerToken(call)).toMatch(/^[0-9a-f]{40}$/);
    const reset = await call('/auth/users/reset_password/', { method: 'POST', body: { email: DEMO_PLAYER.email } });
    expect(reset.status).toBe(204);
    const outbox = join(dataDir, 'outbox');
    await until(() => existsSync(outbox) && readdirSync(outbox).length > 0);
    const taken = await backup(join(dataDir, 'backups', 'now.tar.gz'));
    expect(taken).toMatchObject({ code: 0 });

    const running = modes(dataDir);
    for (const path of [
      '.',
      'pglite',
      'pglite/pg_wal',
      'pglite/global/pg_control',
      'rsa-private.pem',
      'rsa-public.pem',
      'operator-control.json',
      'outbox',
      'backups/now.tar.gz',
    ])
      expect([path, running.has(path)]).toEqual([path, true]);
    expect([...running.keys()].filter((path) => path.startsWith('pglite/pg_wal/0')).length).toBeGreaterThan(0);
    expect(running.size).toBeGreaterThan(500);
    expect(notPrivate(dataDir)).toEqual([]);

    await stop(server);
    server = undefined;
    expect(notPrivate(dataDir)).toEqual([]);
  }, 180_000);

  it('a start on a DATA_DIR with looser modes tightens every one and says so once', async () => {
    // As a folder made by an older version under umask 022 (or PGlite's own 0666 files) would be.
    const entries = [...modes(dataDir)];
    for (const [path, { kind }] of entries) chmodSync(join(dataDir, path), kind === 'folder' ? 0o755 : 0o666);
    chmodSync(join(dataDir, 'rsa-private.pem'), 0o644);
    server = await startServer(env, 120_000, { entry: 'server/src/index.ts', umask: UMASK });
    const lines = server.output().split('\n');
    expect(lines.filter((line) => line.startsWith('data folder:'))).toEqual([
      `data folder: tightened ${entries.length} file modes under ${dataDir} (folders 0700, files 0600)`,
    ]);
    expect(notPrivate(dataDir)).toEqual([]);
    await stop(server);
    server = undefined;

    // Nothing to tighten the next time: no line.
    server = await startServer(env, 120_000, { umask: UMASK });
    expect(server.output()).not.toContain('data folder:');
    await stop(server);
    server = undefined;
    expect(notPrivate(dataDir)).toEqual([]);
  }, 180_000);
});
