// `npm run test:deploy:servers`: the `@deploy` browser tests (npm run test:deploy) through
// deploy/Caddyfile and deploy/nginx.conf, as an operator would run them: Caddy, then nginx, on
// loopback ports, serving dist/ and proxying the API to two nodes started with TRUST_PROXY=1 (on
// PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set; otherwise one PGlite node stands
// behind both upstream entries, since two nodes cannot share one PGlite folder). Then the same
// tests against a bare static server, which must fail: proof the tests see what the configs add.
// The live stream's @deploy tests (tests/e2e/deploy-stream.spec.ts) read `GET /api/stream` through
// each proxy: its first line and each event must come at once, not when a buffer fills.
// Installs Debian's caddy and nginx when missing (as root with apt-get). Exit code 0 when Caddy
// and nginx pass, and the bare server and an nginx that buffers the stream fail.
//
// Ports: DEPLOY_TEST_PORT (default 4700) for Caddy, +1 nginx, +2 the bare server, +3/+4 the nodes.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir, userInfo } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { privateKeyPath } from '../server/src/data-dir/key-files.ts';
import { parseEnv } from '../server/src/config/variables.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
const env = parseEnv(process.env, ['DEPLOY_TEST_PORT', 'TEST_DATABASE_URL', 'DATABASE_URL', 'RSA_PRIVATE_KEY_FILE']);
const BASE_PORT = env.DEPLOY_TEST_PORT;
const PORTS = { caddy: BASE_PORT, nginx: BASE_PORT + 1, bare: BASE_PORT + 2, nodes: [BASE_PORT + 3, BASE_PORT + 4] };
const DATABASE_URL = env.TEST_DATABASE_URL ?? env.DATABASE_URL ?? '';
const work = mkdtempSync(join(tmpdir(), 'amber-deploy-'));
/** Processes this script started, each in its own process group, stopped at the end. */
/** @type {import('node:child_process').ChildProcess[]} */
const started = [];

const log = (/** @type {string} */ line) => console.log(`test:deploy:servers: ${line}`);
/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`test:deploy:servers: ${message}`);
  cleanUp();
  process.exit(1);
}

function cleanUp() {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
  }
  rmSync(work, { recursive: true, force: true });
}
process.on('SIGINT', () => fail('interrupted'));

const has = (/** @type {string} */ command) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** Debian's package for a missing web server, installed with apt-get when we are root. */
/** @param {string} command @param {string} pkg */
function ensureInstalled(command, pkg) {
  if (has(command)) return;
  if (process.getuid?.() !== 0 || !has('apt-get'))
    fail(
      `${command} is missing: install Debian's "${pkg}" (apt-get install ${pkg}), or run this as root to let it do so.`,
    );
  log(`installing Debian's ${pkg} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    }).status === 0;
  if (!install() && !(spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env }).status === 0 && install()))
    fail(`apt-get could not install ${pkg}.`);
  if (!has(command)) fail(`apt-get installed ${pkg} but ${command} is still missing.`);
}

/**
 * Runs a command to its end, its output shown; answers the exit code.
 * @param {string} command @param {string[]} args @param {Record<string, string>} [env]
 */
function run(command, args, env = {}) {
  return spawnSync(command, args, { stdio: 'inherit', cwd: ROOT, env: { ...process.env, ...env } }).status ?? 1;
}

/**
 * Starts a long-running process in its own group; its output goes to a file in the work folder.
 * @param {string} name @param {string} command @param {string[]} args @param {Record<string, string>} [env]
 */
function startProcess(name, command, args, env = {}) {
  const out = join(work, `${name}.log`);
  writeFileSync(out, '');
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => writeFileSync(out, chunk, { flag: 'a' }));
  child.stderr.on('data', (chunk) => writeFileSync(out, chunk, { flag: 'a' }));
  started.push(child);
  return { child, output: () => readFileSync(out, 'utf8') };
}

/** @param {import('node:child_process').ChildProcess} child @returns {Promise<void>} */
function stopProcess(child) {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return done();
    child.once('exit', () => done());
    process.kill(-child.pid, 'SIGTERM');
  });
}

/**
 * Waits until `url` answers `status` (the server is up), or fails with the process's output.
 * @param {string} url @param {number} status @param {ReturnType<typeof startProcess>} proc
 */
async function waitFor(url, status, proc, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) fail(`${url}: the process exited (${proc.child.exitCode}):\n${proc.output()}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).status === status) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((next) => setTimeout(next, 250));
  }
  fail(`${url} did not answer ${status} within ${seconds} s:\n${proc.output()}`);
}

/**
 * `replacements`: each must be found in the file, so a config that drifted fails loudly here.
 * @param {string} text @param {[string, string][]} replacements @param {string} file
 */
function rewrite(text, replacements, file) {
  for (const [from, to] of replacements) {
    if (!text.includes(from)) fail(`${file} no longer contains "${from}"; update scripts/test-deploy-servers.mjs.`);
    text = text.split(from).join(to);
  }
  return text;
}

/**
 * The @deploy tests against `base`; answers the exit code. Asynchronous, so the bare server this
 * process runs keeps answering meanwhile. `player`: sign in, register and deposit too; `grep`:
 * only the tests whose titles match.
 * @param {string} kind @param {string} base
 * @returns {Promise<{ code: number; failed: string[] }>}
 */
function deployTests(kind, base, { player = true, grep = '@deploy' } = {}) {
  log(`@deploy tests through ${kind} at ${base}`);
  const report = join(work, `deploy-${kind}.json`);
  const env = { ...process.env, E2E_BASE_URL: base, PLAYWRIGHT_JSON_OUTPUT_NAME: report };
  if (player)
    Object.assign(env, {
      E2E_PLAYER_EMAIL: 'demo@amberplay.test',
      E2E_PLAYER_PASSWORD: 'amber-demo-2026',
      E2E_ALLOW_WRITES: '1',
      // The live stream's tests play a round on each node directly: with two nodes, one of those
      // rounds reaches the proxied stream from the other node.
      E2E_API_NODES: nodePorts.map((port) => site(port)).join(','),
    });
  const child = spawn(
    'npx',
    [
      'playwright',
      'test',
      '--grep',
      grep,
      '--reporter=list,json',
      `--output=${join('test-results', `deploy-${kind}`)}`,
    ],
    { cwd: ROOT, env, stdio: 'inherit' },
  );
  return new Promise((done) => child.on('exit', (code) => done({ code: code ?? 1, failed: failedTitles(report) })));
}

/**
 * @typedef {{ specs?: { ok: boolean; title: string }[]; suites?: ReportSuite[] }} ReportSuite
 * The part of Playwright's JSON report read here.
 */

/** The titles of the tests that failed, from Playwright's JSON report. */
function failedTitles(/** @type {string} */ report) {
  if (!existsSync(report)) return [];
  /** @type {string[]} */
  const failed = [];
  /** @param {ReportSuite} suite */
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) if (!spec.ok) failed.push(spec.title);
    for (const child of suite.suites ?? []) walk(child);
  };
  /** @type {ReportSuite} */
  const top = JSON.parse(readFileSync(report, 'utf8'));
  for (const suite of top.suites ?? []) walk(suite);
  return failed;
}

/** What a bare static server must fail: the rules only the configs add (headers, caching, 404s). */
const BARE_MUST_FAIL = [
  'pages keep their <meta> CSP and are sent with frame-ancestors',
  'an unknown English path answers 404 with the English not-found screen',
  'an unknown path under /ru/ answers 404 in Russian',
  'HTML is never cached stale; hashed assets are cached for a year',
];

/**
 * The mistakes that hold a live stream back, made to deploy/nginx.conf for a control run: its
 * answer's X-Accel-Buffering ignored, and text/event-stream compressed (gzip waits for a block).
 * @type {[string, string][]}
 */
const MISCONFIGURED_STREAM = [
  [
    '        proxy_read_timeout 35s;\n',
    '        proxy_read_timeout 35s;\n        proxy_ignore_headers X-Accel-Buffering;\n',
  ],
  ['application/xml text/plain;\n', 'application/xml text/plain text/event-stream;\n'],
];
/** The live stream's tests, which that nginx must fail. */
const STREAM_TESTS = 'the live stream through a deployment';
const BUFFERED_MUST_FAIL = [
  'the public stream opens at once, carries every node’s rounds within 2 s, resumes with Last-Event-ID',
  "a stream with a ticket carries the player's balance within 2 s of a round on every node",
];

/** A plain static file server over dist/ (pretty URLs, nothing else): what the configs improve on. */
/** @param {number} port @returns {Promise<import('node:http').Server>} */
function bareServer(port) {
  /** @type {Record<string, string>} */
  const types = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.json': 'application/json',
    '.svg': 'image/svg+xml',
    '.xml': 'application/xml',
    '.txt': 'text/plain',
    '.woff2': 'font/woff2',
  };
  const root = normalize(DIST + sep);
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const candidates = path.endsWith('/') ? [`${path}index.html`] : [path, `${path}.html`, `${path}/index.html`];
    for (const candidate of candidates) {
      const file = normalize(join(root, candidate));
      if (file.startsWith(root) && existsSync(file) && statSync(file).isFile()) {
        response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
        return response.end(readFileSync(file));
      }
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('Not found');
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}

const startedAt = Date.now();
ensureInstalled('caddy', 'caddy');
ensureInstalled('nginx', 'nginx');
if (run('node', ['scripts/ensure-chromium.mjs']) !== 0) fail('no Chromium');
if (!existsSync(join(DIST, 'builds', 'latest.json'))) {
  log('no build in dist/: building (npm run build)');
  if (run('node', ['scripts/ensure-keys.mjs']) !== 0 || run('npx', ['astro', 'build', '--silent']) !== 0)
    fail('the build failed');
}

// The API nodes, with the key pair the build embedded (so the browser's bodies decrypt). They are
// started for each web server, with its address as SITE_URL and API_URL (where the payment page
// sends players back, and its own address).
const schema = DATABASE_URL ? `deploy_${randomBytes(4).toString('hex')}` : undefined;
const site = (/** @type {number | undefined} */ port) => `http://127.0.0.1:${port}`;
const nodePorts = DATABASE_URL ? PORTS.nodes : [PORTS.nodes[0]];
const upstreams = DATABASE_URL ? PORTS.nodes : [PORTS.nodes[0], PORTS.nodes[0]];
async function startNodes(/** @type {string} */ origin) {
  const nodes = nodePorts.map((port, index) =>
    startProcess(`node-${index + 1}`, process.execPath, ['server/src/index.ts'], {
      PORT: String(port),
      HOST: '127.0.0.1',
      TRUST_PROXY: '1',
      SITE_URL: origin,
      API_URL: origin,
      RSA_PRIVATE_KEY_FILE: resolve(env.RSA_PRIVATE_KEY_FILE ?? privateKeyPath(process.env)),
      DATA_DIR: join(work, `node-${index + 1}`),
      DATABASE_URL,
      ...(schema ? { DATABASE_SCHEMA: schema } : {}),
      DEMO: '1',
      // Every browser of the tests comes through one proxy address.
      REGISTER_MAX_PER_ADDRESS: '100000',
      MAX_CONNECTIONS_PER_ADDRESS: '100000',
      // The crash room runs as deployed, on a short chain (10,000,000 links cost each node 12 s of CPU).
      CRASH_ROOM_CHAIN_LENGTH: '1000',
    }),
  );
  for (const [index, node] of nodes.entries()) await waitFor(`${site(nodePorts[index])}/readyz`, 200, node);
  return nodes;
}
log(
  DATABASE_URL
    ? `two API nodes on PostgreSQL (schema ${schema}) at ${upstreams.join(', ')}`
    : `one API node on PGlite at ${upstreams[0]} (set TEST_DATABASE_URL for two nodes on PostgreSQL)`,
);

/** @type {Record<'caddy' | 'nginx' | 'buffered' | 'bare', { code: number; failed: string[] }>} */
const results = {
  caddy: { code: 1, failed: [] },
  nginx: { code: 1, failed: [] },
  buffered: { code: 1, failed: [] },
  bare: { code: 1, failed: [] },
};
// `buffered`: deploy/nginx.conf made to buffer and compress the stream (MISCONFIGURED_STREAM), on the bare server's
// port before that one starts. Its stream tests must fail: proof they see a buffering proxy.
for (const kind of /** @type {const} */ (['caddy', 'nginx', 'buffered'])) {
  const port = kind === 'buffered' ? PORTS.bare : PORTS[kind];
  const nodes = await startNodes(site(port));
  let proc;
  if (kind === 'caddy') {
    const config = join(work, 'Caddyfile');
    writeFileSync(config, readFileSync(join(ROOT, 'deploy/Caddyfile'), 'utf8'));
    proc = startProcess('caddy', 'caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
      AMBER_SITE: site(port),
      AMBER_DIST: DIST,
      AMBER_API_NODES: upstreams.map((p) => `127.0.0.1:${p}`).join(' '),
      XDG_DATA_HOME: join(work, 'caddy-data'),
      XDG_CONFIG_HOME: join(work, 'caddy-config'),
    });
  } else {
    const dir = join(work, kind);
    mkdirSync(dir, { recursive: true });
    const file = 'deploy/nginx.conf';
    const siteConf = rewrite(
      readFileSync(join(ROOT, file), 'utf8'),
      [
        ['    listen 80;\n', `    listen 127.0.0.1:${port};\n`],
        ['    listen [::]:80;\n', ''],
        ['root /srv/amberplay/dist;', `root ${DIST};`],
        ['server 127.0.0.1:4321 ', `server 127.0.0.1:${upstreams[0]} `],
        ['server 127.0.0.1:4322 ', `server 127.0.0.1:${upstreams[1]} `],
        ...(kind === 'buffered' ? MISCONFIGURED_STREAM : []),
      ],
      file,
    );
    writeFileSync(join(dir, 'site.conf'), siteConf);
    writeFileSync(
      join(dir, 'nginx.conf'),
      [
        'daemon off;',
        // As root, nginx's workers would run as `nobody`, who cannot read a checkout in a private
        // folder (a fresh clone in a `mktemp -d` folder is mode 700): they run as this user instead.
        ...(process.getuid?.() === 0 ? [`user ${userInfo().username};`] : []),
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log;`,
        'worker_processes 1;',
        'events { worker_connections 512; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  default_type application/octet-stream;',
        '  access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${dir}/${name};`),
        `  include ${dir}/site.conf;`,
        '}',
        '',
      ].join('\n'),
    );
    proc = startProcess(kind, 'nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir]);
  }
  await waitFor(`${site(port)}/builds/latest.json`, 200, proc);
  if (kind === 'buffered') log('the live stream through an nginx that buffers and compresses it: these must fail');
  results[kind] = await deployTests(kind, site(port), kind === 'buffered' ? { grep: STREAM_TESTS } : {});
  await stopProcess(proc.child);
  for (const node of nodes) await stopProcess(node.child);
}

// A bare static server must fail the same tests: they check what the configs add.
const bare = await bareServer(PORTS.bare);
// No player: with no API behind it, only the rules of the static files are checked.
log(`@deploy tests against a bare static server at ${site(PORTS.bare)}: these must fail`);
results.bare = await deployTests('bare', site(PORTS.bare), { player: false });
bare.close();

if (schema) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}
cleanUp();

const seconds = Math.round((Date.now() - startedAt) / 1000);
const missed = BARE_MUST_FAIL.filter((title) => !results.bare.failed.includes(title));
const unbuffered = BUFFERED_MUST_FAIL.filter((title) => !results.buffered.failed.includes(title));
const passed = (/** @type {'caddy' | 'nginx' | 'buffered' | 'bare'} */ kind) => results[kind].code === 0;
const verdict = {
  caddy: passed('caddy') ? 'passed' : `FAILED (${results.caddy.failed.join('; ')})`,
  nginx: passed('nginx') ? 'passed' : `FAILED (${results.nginx.failed.join('; ')})`,
  bare: missed.length
    ? `did NOT fail as it must: ${missed.join('; ')}`
    : `failed as it must (${results.bare.failed.length} tests)`,
  buffered: unbuffered.length
    ? `did NOT fail as it must: ${unbuffered.join('; ')}`
    : `failed the stream tests as it must`,
};
log(
  `Caddy ${verdict.caddy}, nginx ${verdict.nginx}, an nginx compressing the stream ${verdict.buffered}, ` +
    `bare static server ${verdict.bare} (${seconds} s)`,
);
process.exit(passed('caddy') && passed('nginx') && !passed('bare') && !missed.length && !unbuffered.length ? 0 : 1);
