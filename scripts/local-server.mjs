// Starts our own server on a loopback port for the bench and audit scripts, and stops it. It
// gets a throwaway database (never the developer's `.data`, which a running `npm start` may
// hold open) and the key pair the build embedded.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { privateKeyPath } from '../server/src/key-files.mjs';

/** @param {number} port */
export async function startServer(port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'amber-local-'));
  const child = spawn(process.execPath, ['server/src/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RSA_PRIVATE_KEY_FILE: privateKeyPath(),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    child.kill('SIGTERM');
    child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  };
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${base}/builds/latest.json`)).ok) return { base, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start on ${base}`);
}
