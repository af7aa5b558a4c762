// Starts our own server on a loopback port for the bench and audit scripts, and stops it.
import { spawn } from 'node:child_process';

/** @param {number} port */
export async function startServer(port) {
  const child = spawn(process.execPath, ['server/src/index.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${base}/builds/latest.json`)).ok) return { base, stop: () => child.kill('SIGTERM') };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start on ${base}`);
}
