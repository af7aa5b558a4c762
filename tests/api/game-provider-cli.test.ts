/**
 * `npm run operator -- add-provider <id> --url <base-url>` (docs/operators.md): through a running
 * server on embedded PGlite as add-staff goes (control.ts), and on its own when no server holds
 * DATA_DIR. The provider is the tests' second provider, a real HTTP server: it learns its secret only
 * from the command's output, so the command's own catalogue fetch is refused and said so.
 */
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './operator-command.ts';
import { startSecondProvider, type SecondProvider } from './second-provider-server.ts';
import { killServer, startServer } from './server-process.ts';

const dirs: string[] = [];
const servers: ChildProcess[] = [];
const providers: SecondProvider[] = [];
afterAll(async () => {
  await Promise.all(servers.splice(0).map((proc) => killServer(proc)));
  await Promise.all(providers.map((provider) => provider.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A server on embedded PGlite, any free port, its own key pair in DATA_DIR. */
const EMBEDDED_SERVER = { PORT: '0', RSA_PRIVATE_KEY_FILE: '', DEMO: '0', DATABASE_URL: '' };
// The line the command prints: a secret may begin with "-", so nothing but the label is skipped.
const secretIn = (output: string) => /^Secret: (\S+)$/m.exec(output)?.[1];

async function setUp() {
  const dataDir = mkdtempSync(join(tmpdir(), 'amber-provider-cli-'));
  dirs.push(dataDir);
  const provider = await startSecondProvider();
  providers.push(provider);
  return { dataDir, provider };
}

describe('add-provider', { timeout: 180_000 }, () => {
  it('through the running server: prints the secret once and why the catalogue is not fetched yet', async () => {
    const { dataDir, provider } = await setUp();
    const server = await startServer({ ...EMBEDDED_SERVER, DATA_DIR: dataDir });
    servers.push(server.proc);

    const added = await runCli(['add-provider', 'acme-games', '--url', `${provider.baseUrl}/`], dataDir);
    expect(added.code, added.output).toBe(0);
    expect(added.output).toContain(
      `Added game provider acme-games at ${provider.baseUrl} (through the running server at ${server.base}).`,
    );
    const secret = secretIn(added.output)!;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(added.output.split(secret)).toHaveLength(2);
    // The provider did not know the secret yet: its 401 is the state shown, with where to refresh.
    expect(added.output).toContain('Catalogue not fetched yet (status: The provider answered HTTP 401.)');
    expect(added.output).toContain(`${server.base}/operator/games/acme-games`);
    expect(provider.received.map(({ path }) => path)).toEqual(['/v1/games']);

    const again = await runCli(['add-provider', 'acme-games', '--url', provider.baseUrl], dataDir);
    expect(again.code).toBe(1);
    expect(again.output).toContain('The running server refused: A game provider acme-games already exists.');
    expect(secretIn(again.output)).toBeUndefined();
  });

  it('refuses a bad id, URL or address before anything is sent, with exit code 2', async () => {
    const { dataDir } = await setUp();
    const cases: [string[], string][] = [
      [['add-provider', 'Acme!', '--url', 'http://127.0.0.1:1'], 'The id must be 1 to 64 lower-case letters'],
      [['add-provider', 'acme', '--url', 'ftp://127.0.0.1/'], 'The base URL must be an http or https address'],
      [['add-provider', 'acme', '--url', 'http://127.0.0.1:1/?x=1'], 'The base URL must be an http or https address'],
      [['add-provider', 'acme'], 'add-provider needs one --url <base-url>.'],
      [
        ['add-provider', 'acme', '--url', 'http://127.0.0.1:1', '--allow', '10.0.0.0/33'],
        'Not an address or CIDR block, or more than 20 of them: 10.0.0.0/33',
      ],
    ];
    for (const [args, message] of cases) {
      const refused = await runCli(args, dataDir);
      expect(refused.code, refused.output).toBe(2);
      expect(refused.output).toContain(message);
      expect(refused.output).toContain('Usage: npm run operator');
    }
  });

  it('with no server running, registers in DATA_DIR itself', async () => {
    const { dataDir, provider } = await setUp();
    const args = ['add-provider', 'solo-games', '--url', provider.baseUrl, '--allow', '127.0.0.1', '--allow=::1'];
    const added = await runCli(args, dataDir);
    expect(added.code, added.output).toBe(0);
    expect(added.output).toContain(`Added game provider solo-games at ${provider.baseUrl} (in ${dataDir}).`);
    expect(secretIn(added.output)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
