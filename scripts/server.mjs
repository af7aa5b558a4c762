// The one script that starts the server (server/src/index.ts), for every purpose:
//
//   npm start                        node scripts/server.mjs --build
//   the e2e servers (webServer)      node scripts/server.mjs --e2e [--isolated]
//   bench, bench:api, bench:games,   spawnServer({ … }) below: a child process on a throwaway
//   audit                            database, stopped and deleted when done
//
// What differs between them is only options: whether the site is (re)built first, which key pair,
// which data folder (kept, fresh, or a temporary one), the port, whether the test-only routes of
// scripts/test-hooks.ts (and the movable clock they drive) are on, and the environment the
// server's configuration reads (docs/configuration.md). docs/testing.md describes them.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { privateKeyPath, publicKeySpkiBase64 } from '../server/src/data-dir/key-files.ts';
import { buildReason, keyFingerprint } from './build-decision.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * `npm start`'s build check: makes the API's key pair (the build embeds its public half), then
 * builds the site when the sources, the key or FORCE_BUILD say so (scripts/build-decision.mjs).
 */
export async function buildIfNeeded() {
  const { ensureKeyPair } = await import('../server/src/data-dir/key-pair.ts');
  const { parseEnv } = await import('../server/src/config/variables.ts');
  const key = ensureKeyPair(process.env);
  if (key.created) console.log(`Created the API's RSA-2048 key pair in ${key.path}`);
  const marker = join(root, 'dist/builds/latest.json');
  const sources = ['src', 'core', 'locales', 'public', 'integrations', 'astro.config.mjs', 'package-lock.json'];
  /** @param {string} path @returns {number} */
  const newestMtime = (path) => {
    if (!existsSync(path)) return 0;
    const info = statSync(path);
    if (!info.isDirectory()) return info.mtimeMs;
    return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
  };
  const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  const changedAt = Math.max(
    newestMtime(privateKeyPath(process.env)),
    ...sources.map((name) => newestMtime(join(root, name))),
  );
  // The key the build embeds, recorded by fingerprint next to the build (never the key itself).
  const keyRecord = join(root, 'dist/builds/public-key.json');
  const fingerprint = keyFingerprint(publicKeySpkiBase64(process.env));
  let builtFingerprint;
  try {
    builtFingerprint = JSON.parse(readFileSync(keyRecord, 'utf8')).fingerprint;
  } catch {
    builtFingerprint = undefined;
  }
  const force = parseEnv(process.env, ['FORCE_BUILD']).FORCE_BUILD;
  const reason = buildReason({ force, builtAt, changedAt, builtFingerprint, fingerprint });
  if (!reason) return;
  console.log(reason);
  const astro = join(root, 'node_modules/astro/bin/astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  mkdirSync(dirname(keyRecord), { recursive: true });
  writeFileSync(keyRecord, `${JSON.stringify({ fingerprint })}\n`);
}

/**
 * The environment of a browser-test server (`--e2e`): a fresh database in `.data/e2e` (or, with
 * `isolated`, `.data/e2e-isolated` serving a fresh copy of dist/, see tests/e2e/isolated-site.ts),
 * the key pair the build embedded, and limits meant for the internet lifted for one machine.
 */
async function e2eEnvironment(/** @type {boolean} */ isolated) {
  const { E2E_DATA_DIR, E2E_ISOLATED_DATA_DIR, ISOLATED_SITE } = await import('../tests/e2e/isolated-site.ts');
  const env = process.env;
  env.RSA_PRIVATE_KEY_FILE ||= privateKeyPath(process.env);
  // Staff for the operator specs are made with `npm run operator` against this folder, through
  // the running server (the command finds it from DATA_DIR's control file).
  env.DATA_DIR = isolated ? E2E_ISOLATED_DATA_DIR : E2E_DATA_DIR;
  // The specs register many players from 127.0.0.1; tests/api/registration-limit.test.ts proves the real default.
  env.REGISTER_MAX_PER_ADDRESS ||= '100000';
  env.DEMO_MAX_PER_ADDRESS ||= '100000';
  // Every browser of both workers connects from 127.0.0.1; the per-address connection cap is for
  // the internet (tests/api/http-limits.test.ts proves it), not for one machine running the suite.
  env.MAX_CONNECTIONS_PER_ADDRESS ||= '100000';
  // Playwright's request context keeps idle sockets and reuses one after a test's browser steps: with
  // the 5 s default the server could close it at that moment (ECONNRESET on the next request).
  env.KEEP_ALIVE_TIMEOUT_SECONDS ||= '120';
  // The browser reaches this server at 127.0.0.1:PORT: that is the site and the API origin the payment
  // page checks posts against and sends players back to, and the origin of game launch URLs.
  env.SITE_URL = `http://127.0.0.1:${env.PORT}`;
  env.API_URL = env.SITE_URL;
  if (!env.DATABASE_URL) rmSync(env.DATA_DIR, { recursive: true, force: true });
  if (isolated) {
    rmSync(ISOLATED_SITE, { recursive: true, force: true });
    cpSync(join(root, 'dist'), ISOLATED_SITE, { recursive: true });
    env.DIST_DIR = ISOLATED_SITE;
  }
}

/**
 * Runs the server in this process, configured by the environment. `testHooks` adds the test-only
 * routes and gives the server a clock they can move (scripts/test-hooks.ts); never for production.
 * @param {{ build?: boolean; e2e?: boolean; isolated?: boolean; testHooks?: boolean }} [options]
 */
export async function runServer({ build = false, e2e = false, isolated = false, testHooks = e2e } = {}) {
  if (build) await buildIfNeeded();
  if (e2e) await e2eEnvironment(isolated);
  if (testHooks) {
    const { movableClock, startClock } = await import('../server/src/base/clock.ts');
    startClock.current = movableClock();
  }
  const server = await import('../server/src/index.ts');
  if (testHooks) (await import('./test-hooks.ts')).addTestHooks(server);
  return server;
}

/**
 * Starts the server as a child process on a loopback port and a throwaway data folder, waits until
 * it answers, and answers how to reach and stop it (the folder is deleted on stop). For the bench
 * and audit scripts, which must never touch the developer's `.data` (a running `npm start` holds it).
 *
 * `key: 'build'` uses the key pair the build embedded (pages post bodies the server can read);
 * `key: 'own'` lets the server make one in its data folder (`publicKey()` reads it).
 * `cwd` is the checkout to run: another commit's worktree for `bench:api --baseline`; one from
 * before this script runs its test server or plain server/src/index.ts as it had them.
 * @param {{
 *   port: number; name?: string; env?: Record<string, string | undefined>; testHooks?: boolean;
 *   key?: 'build' | 'own'; cwd?: string; ready?: string; stopSignal?: NodeJS.Signals;
 * }} options
 */
export async function spawnServer({
  port,
  name = 'local',
  env = {},
  testHooks = false,
  key = 'build',
  cwd = root,
  ready = '/builds/latest.json',
  stopSignal = 'SIGTERM',
}) {
  const dataDir = mkdtempSync(join(tmpdir(), `amber-${name}-`));
  let args = ['scripts/server.mjs', ...(testHooks ? ['--test-hooks'] : [])];
  if (!existsSync(join(cwd, 'scripts/server.mjs')))
    args = [
      testHooks && existsSync(join(cwd, 'scripts/test-server.mjs')) ? 'scripts/test-server.mjs' : 'server/src/index.ts',
    ];
  const child = spawn(process.execPath, args, {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RSA_PRIVATE_KEY_FILE: key === 'build' ? privateKeyPath(process.env) : '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    const remove = () => rmSync(dataDir, { recursive: true, force: true });
    if (child.exitCode !== null || child.signalCode !== null) remove();
    else child.once('exit', remove);
    child.kill(stopSignal);
  };
  process.on('exit', () => {
    if (stopped) return;
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 450; attempt++) {
    try {
      if ((await fetch(`${base}${ready}`)).ok)
        return {
          base,
          stop,
          pid: child.pid,
          dataDir,
          /** Whether the test-only routes are there (an old checkout may have none). */
          testHooks: testHooks && args[0] !== 'server/src/index.ts',
          publicKeySpki: () => publicKeySpkiBase64(key === 'build' ? process.env : { DATA_DIR: dataDir }),
        };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  throw new Error(`the server did not start on ${base}`);
}

// As a command: `--build` (npm start: build when needed), `--build-only`, `--e2e` (a browser-test
// server, with test hooks), `--isolated` (the second one), `--test-hooks` (test routes only).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const flags = new Set(process.argv.slice(2));
  if (flags.has('--build-only')) await buildIfNeeded();
  else
    await runServer({
      build: flags.has('--build'),
      e2e: flags.has('--e2e') || flags.has('--isolated'),
      isolated: flags.has('--isolated'),
      testHooks: flags.has('--test-hooks') || flags.has('--e2e') || flags.has('--isolated'),
    });
}
