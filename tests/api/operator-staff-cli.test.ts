/**
 * `npm run operator -- disable|enable|set-role|reset` beside a running server on embedded PGlite:
 * the command never opens DATA_DIR while the server holds it, it asks the server (control.ts).
 * (With DATABASE_URL the command writes to PostgreSQL itself: operator-staff.test.ts.)
 */
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, signIn } from './operator-command.ts';
import { killServer, startServer } from './server-process.ts';

/** An API_URL nothing answers: the command must reach the server through DATA_DIR, never through this address. */
const WRONG_API_URL = { API_URL: 'http://wrong.example.test:1' };
const dirs: string[] = [];
const servers: ChildProcess[] = [];

const passwordIn = (output: string) => /One-time password: (\S+)/.exec(output)?.[1];

afterAll(async () => {
  await Promise.all(servers.splice(0).map((proc) => killServer(proc)));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('staff commands beside a running server (PGlite)', { timeout: 180_000 }, () => {
  it("add-staff prints the server's address; disable, enable, set-role and reset go through the server", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'amber-staff-cli-'));
    dirs.push(dataDir);
    const server = await startServer({
      PORT: '0',
      DATA_DIR: dataDir,
      RSA_PRIVATE_KEY_FILE: '',
      DEMO: '0',
      DATABASE_URL: '',
      API_URL: 'http://wrong.example.test:1',
    });
    servers.push(server.proc);

    const added = await runCli(['add-staff', 'second@example.test', '--role', 'admin'], dataDir, WRONG_API_URL);
    expect(added.code, added.output).toBe(0);
    expect(added.output).toContain(`Sign in at ${server.base}/operator/sign-in:`);
    expect(added.output).not.toContain('wrong.example.test');
    const first = await runCli(['add-staff', 'first@example.test', '--role', 'admin'], dataDir, WRONG_API_URL);
    const password = passwordIn(first.output)!;

    const disabled = await runCli(['disable', 'second@example.test'], dataDir, WRONG_API_URL);
    expect(disabled.code, disabled.output).toBe(0);
    expect(disabled.output).toContain(
      `second@example.test is disabled. (through the running server at ${server.base})`,
    );
    expect((await signIn(server.base, 'second@example.test', passwordIn(added.output)!)).status).toBe(400);
    expect((await runCli(['enable', 'second@example.test'], dataDir, WRONG_API_URL)).code).toBe(0);
    expect(await signIn(server.base, 'second@example.test', passwordIn(added.output)!)).toEqual({
      status: 303,
      location: '/operator/password',
    });

    expect((await runCli(['set-role', 'second@example.test', 'support'], dataDir, WRONG_API_URL)).output).toContain(
      'second@example.test is now support.',
    );
    // first@ is now the only admin: the server refuses to disable or demote it.
    const last = await runCli(['disable', 'first@example.test'], dataDir, WRONG_API_URL);
    expect(last.code).toBe(1);
    expect(last.output).toContain('The running server refused: This is the last active admin');
    expect((await runCli(['set-role', 'first@example.test', 'support'], dataDir, WRONG_API_URL)).code).toBe(1);
    expect(await signIn(server.base, 'first@example.test', password)).toEqual({
      status: 303,
      location: '/operator/password',
    });

    const reset = await runCli(['reset', 'first@example.test'], dataDir, WRONG_API_URL);
    expect(reset.code, reset.output).toBe(0);
    const fresh = passwordIn(reset.output)!;
    expect(fresh).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(fresh).not.toBe(password);
    expect((await signIn(server.base, 'first@example.test', password)).status).toBe(400);
    expect(await signIn(server.base, 'first@example.test', fresh)).toEqual({
      status: 303,
      location: '/operator/password',
    });
    expect((await runCli(['disable', 'nobody@example.test'], dataDir, WRONG_API_URL)).output).toContain(
      'The running server refused: No such staff account.',
    );
    expect(server.output()).not.toContain(fresh);
  });
});
