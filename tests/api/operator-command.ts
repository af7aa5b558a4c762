/** The operator command and the console sign-in, driven from outside as staff do (imports no test framework). */
import { spawn } from 'node:child_process';

/** The real command, as `npm run operator -- …` runs it, on embedded PGlite in `dataDir`; `env` adds variables. */
export function runCli(
  args: string[],
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/operator.mjs', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', RSA_PRIVATE_KEY_FILE: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** Signs in to the console of a running server with email and password; answers where it sends us. */
export async function signIn(base: string, email: string, password: string) {
  const form = await fetch(`${base}/operator/sign-in`);
  const cookie = form.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())![1]!;
  const res = await fetch(`${base}/operator/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf, email, password }).toString(),
  });
  return { status: res.status, location: res.headers.get('location') };
}
