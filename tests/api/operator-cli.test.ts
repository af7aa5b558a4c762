/**
 * `npm run operator -- add-staff`: through the running server while it holds DATA_DIR (embedded
 * PGlite allows one process), by itself when no server runs. These run on PGlite whatever the
 * suite's database, since that is where the rule matters (with DATABASE_URL the command always
 * writes to PostgreSQL itself).
 */
import { type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONTROL_FILE,
  CONTROL_HEADER,
  CONTROL_PATH,
  type ControlFile,
} from '../../server/src/operator/routes/control.ts';
import { runOperatorCommand } from '../../server/src/operator/cli/operator-cli.ts';
import { runCli, signIn } from './operator-command.ts';
import { killServer, startServer } from './server-process.ts';

const dirs: string[] = [];
const servers: ChildProcess[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'amber-operator-cli-'));
  dirs.push(dir);
  return dir;
};
/** A server on embedded PGlite in `dataDir`, as `npm start` runs it. */
const serverEnv = (dataDir: string) => ({
  PORT: '0',
  DATA_DIR: dataDir,
  RSA_PRIVATE_KEY_FILE: '',
  DEMO: '0',
  DATABASE_URL: '',
});
async function runServer(dataDir: string) {
  const server = await startServer(serverEnv(dataDir));
  servers.push(server.proc);
  return server;
}

const passwordIn = (output: string) => /One-time password: (\S+)/.exec(output)?.[1];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((proc) => killServer(proc)));
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('npm run operator -- add-staff', { timeout: 120_000 }, () => {
  it('with the server running: goes through the running server and never opens DATA_DIR itself', async () => {
    const dataDir = newDataDir();
    const server = await runServer(dataDir);
    const control = JSON.parse(readFileSync(join(dataDir, CONTROL_FILE), 'utf8')) as ControlFile;
    expect(control.pid).toBe(server.proc.pid);
    expect(control.url).toBe(server.base);

    // In-process, with the database opener replaced by a spy: it must never be called.
    const openDatabase = vi.fn(() => Promise.reject(new Error('opened DATA_DIR while the server runs')));
    const lines: string[] = [];
    const code = await runOperatorCommand(['add-staff', 'Ops.Admin@Example.test', '--role', 'admin'], {
      env: { DATA_DIR: dataDir },
      log: (line) => lines.push(line),
      openDatabase,
    });
    expect(code).toBe(0);
    expect(openDatabase).not.toHaveBeenCalled();
    expect(lines.join('\n')).toContain(
      `Created admin staff account ops.admin@example.test (through the running server at ${server.base})`,
    );
    const password = passwordIn(lines.join('\n'))!;
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(await signIn(server.base, 'ops.admin@example.test', password)).toEqual({
      status: 303,
      location: '/operator/password',
    });

    // The real command, in its own process, the same way; the server keeps working afterwards.
    const cli = await runCli(['add-staff', 'helper@example.test', '--role', 'support'], dataDir);
    expect(cli.code, cli.output).toBe(0);
    expect(cli.output).toContain('through the running server');
    expect(await signIn(server.base, 'helper@example.test', passwordIn(cli.output)!)).toEqual({
      status: 303,
      location: '/operator/password',
    });
    // The server's own log never shows a password.
    expect(server.output()).not.toContain(password);
    expect(server.output()).not.toContain(passwordIn(cli.output)!);

    const duplicate = await runCli(['add-staff', 'helper@example.test', '--role', 'admin'], dataDir);
    expect(duplicate.code).toBe(1);
    expect(duplicate.output).toContain('already exists');
  });

  it('without a server: opens the database itself; a server started afterwards signs the staff member in', async () => {
    const dataDir = newDataDir();
    const cli = await runCli(['add-staff', 'first@example.test', '--role', 'admin'], dataDir);
    expect(cli.code, cli.output).toBe(0);
    expect(cli.output).toContain(`Created admin staff account first@example.test (in ${dataDir})`);
    expect(existsSync(join(dataDir, CONTROL_FILE))).toBe(false);
    const server = await runServer(dataDir);
    expect(await signIn(server.base, 'first@example.test', passwordIn(cli.output)!)).toEqual({
      status: 303,
      location: '/operator/password',
    });
  });

  it("a killed server's control file does not stop it; a live server that does not answer is not skipped", async () => {
    const dataDir = newDataDir();
    const server = await runServer(dataDir);
    await killServer(server.proc);
    expect(existsSync(join(dataDir, CONTROL_FILE))).toBe(true);
    const cli = await runCli(['add-staff', 'after-crash@example.test', '--role', 'support'], dataDir);
    expect(cli.code, cli.output).toBe(0);
    expect(cli.output).toContain(`(in ${dataDir})`);

    // A live process (this test's own) named in the file, at an address where nobody answers.
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      join(dataDir, CONTROL_FILE),
      JSON.stringify({ pid: process.ppid, secret: 'x', url: 'http://127.0.0.1:9' }),
    );
    const openDatabase = vi.fn();
    const lines: string[] = [];
    const code = await runOperatorCommand(['add-staff', 'nobody@example.test', '--role', 'support'], {
      env: { DATA_DIR: dataDir },
      log: (line) => lines.push(line),
      openDatabase,
    });
    expect(code).toBe(1);
    expect(openDatabase).not.toHaveBeenCalled();
    expect(lines.join('\n')).toContain('Not opening the database a second time');
  });

  it('refuses a bad email or role before doing anything', async () => {
    const openDatabase = vi.fn();
    const lines: string[] = [];
    const deps = { env: { DATA_DIR: newDataDir() }, log: (line: string) => lines.push(line), openDatabase };
    expect(await runOperatorCommand(['add-staff', 'not-an-email', '--role', 'admin'], deps)).toBe(2);
    expect(await runOperatorCommand(['add-staff', 'a@example.test', '--role', 'root'], deps)).toBe(2);
    expect(await runOperatorCommand(['remove-staff', 'a@example.test'], deps)).toBe(2);
    expect(openDatabase).not.toHaveBeenCalled();
    expect(lines.join('\n')).toContain('--role must be admin, support, risk, payments, content or marketing');
  });

  it('the control endpoint answers only with the secret from DATA_DIR', async () => {
    const dataDir = newDataDir();
    const server = await runServer(dataDir);
    const send = (secret?: string) =>
      fetch(`${server.base}${CONTROL_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(secret === undefined ? {} : { [CONTROL_HEADER]: secret }) },
        body: JSON.stringify({ email: 'sneaky@example.test', role: 'admin' }),
      });
    expect((await send()).status).toBe(404);
    expect((await send('0'.repeat(64))).status).toBe(404);
    const { secret } = JSON.parse(readFileSync(join(dataDir, CONTROL_FILE), 'utf8')) as ControlFile;
    const ok = await send(secret);
    expect(ok.status).toBe(201);
    expect(ok.headers.get('cache-control')).toBe('no-store');
  });
});
