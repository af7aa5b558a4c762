/** The real server process (`server/src/index.ts`), started as `npm start` starts it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { encryptJson, importPublicKey } from '../../core/api/envelope.ts';
import { DEMO_PLAYER } from '../../server/src/db/demo-player.ts';
import { publicKeySpkiBase64 } from '../../server/src/data-dir/key-files.ts';

export interface ServerProcess {
  proc: ChildProcess;
  base: string;
  output: () => string;
}

/** How a test starts the server: which entry (npm start's is scripts/server.mjs), under which umask. */
export interface Launch {
  entry?: 'server/src/index.ts' | 'scripts/server.mjs';
  /** Set by a shell before the server starts, as a login shell's `umask` would be (e.g. `022`). */
  umask?: string;
}

/** Starts a server and resolves once it prints its banner; PORT=0 picks a free port, read from the banner. */
export function startServer(
  env: Record<string, string | undefined>,
  timeoutMs = 60_000,
  { entry = 'server/src/index.ts', umask }: Launch = {},
): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const [command, args]: [string, string[]] = umask
      ? ['/bin/sh', ['-c', `umask ${umask} && exec "$0" "$1"`, process.execPath, entry]]
      : [process.execPath, [entry]];
    const proc = spawn(command, args, {
      // The crash room stays off unless a test asks: its first run builds a 10,000,000-link chain.
      env: { ...process.env, HOST: '127.0.0.1', CRASH_ROOM: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      const port = /running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) resolve({ proc, base: `http://127.0.0.1:${port}`, output: () => output });
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    proc.on('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
    setTimeout(() => reject(new Error(`server did not start: ${output}`)), timeoutMs).unref();
  });
}

export function killServer(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.removeAllListeners('exit');
    proc.on('exit', () => resolve());
    proc.kill('SIGKILL');
  });
}

/** Calls a running server with bodies encrypted by the key pair in `dataDir`, as the browser does. */
export function apiClient(base: string, dataDir: string) {
  return async function call(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
    const publicKey = await importPublicKey(publicKeySpkiBase64({ DATA_DIR: dataDir }));
    const body =
      init.body === undefined
        ? undefined
        : JSON.stringify({ e_data: await encryptJson(JSON.stringify(init.body), publicKey) });
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Token ${init.token}` } : {}) },
      body,
    });
    return { status: response.status, body: response.status === 204 ? undefined : await response.json() };
  };
}

/** Signs the demo player in through `call` (an apiClient) and answers the token. */
export async function demoPlayerToken(call: ReturnType<typeof apiClient>): Promise<string> {
  const login = await call('/auth/token/login/', {
    method: 'POST',
    body: { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
  });
  return login.body.auth_token as string;
}

/** The body of a 0.01 card withdrawal, encrypted once by the key pair in `dataDir`, to send many times. */
export async function encryptedCentWithdrawal(dataDir: string): Promise<string> {
  const publicKey = await importPublicKey(publicKeySpkiBase64({ DATA_DIR: dataDir }));
  return JSON.stringify({
    e_data: await encryptJson(
      JSON.stringify({ amount: '0.01', method: 'card', destination: '4242 4242 4242 4242' }),
      publicKey,
    ),
  });
}

/** Sends an encrypted withdrawal body to a running server with a fresh idempotency key; answers the raw response. */
export function postWithdrawal(base: string, token: string, body: string): Promise<Response> {
  return fetch(`${base}/api/user/withdrawal`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Token ${token}`, 'idempotency-key': randomUUID() },
    body,
  });
}

/** Drops the PostgreSQL schema a server process ran in (nothing when it ran on PGlite: no schema). */
export async function dropServerSchema(schema: string | undefined): Promise<void> {
  if (!schema) return;
  const { openPostgres } = await import('../../server/src/db/postgres.ts');
  const db = await openPostgres(process.env.DATABASE_URL!);
  await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await db.close();
}
