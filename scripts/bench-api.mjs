// `npm run bench:api`: requests per second and p50/p99 latency of the reference API on loopback,
// for an authenticated read (GET /api/user/me), an encrypted money write (POST withdrawal), and a
// static page (/faq) alone and during a flood of 50 concurrent bad logins. Runs on PGlite, then on
// PostgreSQL when DATABASE_URL is set (in a throwaway schema). `--db=pglite` or `--db=postgres`
// runs one. Each server runs as its own process on a fresh database, as `npm start` runs it.
// `--baseline <git-ref>` checks that ref out in a temporary git worktree (sharing this checkout's
// node_modules), runs its server beside this one, and measures /me and withdrawals on both in one
// interleaved run (A B, then B A; `--rounds=N` for more pairs), printing this checkout's figures over
// the baseline's.
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { encryptJson } from '../core/api/envelope.ts';
import { fromCents } from '../core/api/money.ts';
import { benchDatabases, benchSettings, exactCents, startBenchApi } from './bench-server.mjs';

const { port: PORT, seconds: DURATION, databaseUrl, only } = benchSettings();
const CONNECTIONS = 10;
const FLOOD = 50;
const base = `http://127.0.0.1:${PORT}`;
const baselineAt = process.argv.indexOf('--baseline');
// `--rounds N` (with --baseline): how many interleaved pairs of runs; more for a noisy machine.
const ROUNDS = Number(process.argv.find((arg) => arg.startsWith('--rounds='))?.slice(9) ?? 2);
if (!Number.isInteger(ROUNDS) || ROUNDS < 2) throw new Error('--rounds=N needs a whole number of at least 2');
const baselineRef =
  baselineAt >= 0 ? process.argv[baselineAt + 1] : process.argv.find((arg) => arg.startsWith('--baseline='))?.slice(11);
if (baselineAt >= 0 && !baselineRef) throw new Error('--baseline needs a git ref, e.g. --baseline 4885db5');

const pause = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Where the numbers come from, without the password.
 * @param {string | undefined} url @param {string | undefined} schema
 */
function describeDatabase(url, schema) {
  if (!url) return 'PGlite (embedded, in DATA_DIR)';
  const parsed = new URL(url);
  return `PostgreSQL (${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}, schema ${schema})`;
}

/**
 * @param {Omit<import('autocannon').Options, 'url'> & { path: string }} options
 * @returns {Promise<import('autocannon').Result & { cpuMsPerRequest?: number }>}
 */
const run = (options, at = base) =>
  new Promise((done, reject) =>
    autocannon(
      { connections: CONNECTIONS, duration: DURATION, ...options, url: `${at}${options.path}` },
      (error, result) => (error ? reject(error) : done(result)),
    ),
  );

/** 50 clients signing in with wrong passwords (unknown emails, so each one is hashed) until `done`. */
async function loginFlood(/** @type {() => boolean} */ isDone) {
  /** @type {Record<string, number>} */
  const outcomes = {};
  await Promise.all(
    Array.from({ length: FLOOD }, async () => {
      while (!isDone()) {
        const response = await fetch(`${base}/auth/token/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            email: `flood-${randomBytes(6).toString('hex')}@example.test`,
            password: 'wrong-password-1',
          }),
        }).catch(() => undefined);
        const status = response?.status ?? 'error';
        outcomes[status] = (outcomes[status] ?? 0) + 1;
        await response?.arrayBuffer().catch(() => {});
      }
    }),
  );
  return outcomes;
}

/** The server's own withdrawal count, once it has stopped changing (requests in flight finished). */
async function settledCount(/** @type {Record<string, string>} */ headers) {
  let previous = -1;
  for (let i = 0; i < 100; i++) {
    const { count } = await (await fetch(`${base}/api/user/history?type=withdrawal&page_size=1`, { headers })).json();
    if (count === previous) return count;
    previous = count;
    await pause(250);
  }
  throw new Error('withdrawals kept changing after the load ended');
}

async function benchOne(/** @type {'pglite' | 'postgres'} */ kind) {
  const schema = kind === 'postgres' ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const env = kind === 'postgres' ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : { DATABASE_URL: '' };
  const api = await startBenchApi({
    port: PORT,
    name: 'bench-api',
    env: {
      ...env,
      WITHDRAWAL_MIN: '0.01',
      SITE_URL: base,
      LOGIN_MAX_FAILURES: '1000000',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000',
    },
  });
  try {
    const { publicKey } = api;
    const player = { email: `bench-${kind}@example.test`, username: `bench_${kind}`, password: 'bench-password-42' };
    const token = await api.fundedPlayer(player, '10000.00');

    const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };
    const withdrawalBody = JSON.stringify({
      e_data: await encryptJson(
        JSON.stringify({ amount: '0.01', method: 'card', destination: '4242424242424242' }),
        publicKey,
      ),
    });
    /** @type {[string, Awaited<ReturnType<typeof run>>][]} */
    const rows = [
      ['GET /api/user/me', await run({ path: '/api/user/me', headers })],
      [
        'POST /api/user/withdrawal (encrypted)',
        await run({ path: '/api/user/withdrawal', method: 'POST', headers, body: withdrawalBody }),
      ],
    ];
    // Checked once the load has finished and the server's count has settled.
    const withdrawals = await settledCount(headers);
    const me = await (await fetch(`${base}/api/user/me`, { headers })).json();

    rows.push(['GET /faq (quiet)', await run({ path: '/faq' })]);
    let done = false;
    const flood = loginFlood(() => done);
    await pause(500); // let the flood reach full strength first
    const faqDuringFlood = await run({ path: '/faq' });
    done = true;
    const floodOutcomes = await flood;
    rows.push([`GET /faq during ${FLOOD} concurrent bad logins`, faqDuringFlood]);

    const expected = fromCents(exactCents('10000.00') - BigInt(withdrawals));
    return {
      title: describeDatabase(env.DATABASE_URL, schema),
      rows,
      withdrawals,
      balance: me.balance,
      expected,
      floodOutcomes,
      schema,
    };
  } finally {
    api.stop();
    if (schema && databaseUrl) {
      const { openPostgres } = await import('../server/src/db/postgres.ts');
      const db = await openPostgres(databaseUrl);
      await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await db.close();
    }
  }
}

/** Drops a bench schema on PostgreSQL. */
async function dropSchema(/** @type {string} */ schema) {
  const { openPostgres } = await import('../server/src/db/postgres.ts');
  const db = await openPostgres(requiredDatabaseUrl());
  await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await db.close();
}

/** DATABASE_URL, which every PostgreSQL step needs (benchDatabases refuses postgres without it). */
function requiredDatabaseUrl() {
  if (!databaseUrl) throw new Error('this step needs DATABASE_URL');
  return databaseUrl;
}

const COMMITS = 200;

/**
 * The database's own commit time (WAL flush) on this machine, measured in the bench's schema: the
 * floor under the withdrawal p99, which no server code can go below without giving up durability.
 */
async function commitLatency(/** @type {string | undefined} */ schema) {
  const { openPostgres } = await import('../server/src/db/postgres.ts');
  const db = await openPostgres(requiredDatabaseUrl(), schema);
  try {
    await db.exec(
      'CREATE TABLE bench_commit (id int PRIMARY KEY, n int NOT NULL); INSERT INTO bench_commit VALUES (1, 0)',
    );
    /** @type {number[]} */
    const times = [];
    for (let i = 0; i < COMMITS; i++) {
      const started = performance.now();
      await db.query('UPDATE bench_commit SET n = n + 1 WHERE id = 1');
      times.push(performance.now() - started);
    }
    times.sort((x, y) => x - y);
    return { p50: times[Math.floor(COMMITS / 2)] ?? NaN, p99: times[Math.floor(COMMITS * 0.99)] ?? NaN };
  } finally {
    await db.exec('DROP TABLE IF EXISTS bench_commit');
    await db.close();
  }
}

/** This checkout and `ref` side by side: /me and withdrawals, interleaved A B, B A, …, and the ratio. */
/** @param {string} ref @param {'pglite' | 'postgres'} kind */
async function benchBaseline(ref, kind) {
  const worktree = mkdtempSync(join(tmpdir(), 'amber-baseline-'));
  const git = (/** @type {string[]} */ args) => {
    const result = spawnSync('git', args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
    return result.stdout.trim();
  };
  const commit = git(['rev-parse', '--short', `${ref}^{commit}`]);
  git(['worktree', 'add', '--detach', '--quiet', worktree, commit]);
  symlinkSync(resolve('node_modules'), join(worktree, 'node_modules'), 'dir');
  /**
   * @typedef {Awaited<ReturnType<typeof run>>} RunResult
   * @typedef {{
   *   name: string; api: Awaited<ReturnType<typeof startBenchApi>>; schema: string | undefined; at: string;
   *   headers: Record<string, string>; body: string; me: RunResult[]; withdrawal: RunResult[];
   * }} BaselineServer
   */
  /** @type {BaselineServer[]} */
  const servers = [];
  try {
    /** @type {[string, string, number][]} */
    const checkouts = [
      ['current', process.cwd(), PORT],
      [`baseline ${commit}`, worktree, PORT + 1],
    ];
    for (const [name, cwd, port] of checkouts) {
      const schema = kind === 'postgres' ? `bench_${randomBytes(4).toString('hex')}` : undefined;
      const env = kind === 'postgres' ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : { DATABASE_URL: '' };
      const at = `http://127.0.0.1:${port}`;
      const api = await startBenchApi({
        port,
        cwd,
        name: 'bench-api',
        env: {
          ...env,
          WITHDRAWAL_MIN: '0.01',
          SITE_URL: at,
          LOGIN_MAX_FAILURES: '1000000',
          LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000',
        },
      });
      const player = { email: `bench-${port}@example.test`, username: `bench_${port}`, password: 'bench-password-42' };
      const token = await api.fundedPlayer(player, '10000.00');
      const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };
      const body = JSON.stringify({
        e_data: await encryptJson(
          JSON.stringify({ amount: '0.01', method: 'card', destination: '4242424242424242' }),
          api.publicKey,
        ),
      });
      servers.push({ name, api, schema, at, headers, body, me: [], withdrawal: [] });
    }
    const [a, b] = servers;
    if (!a || !b) throw new Error('both servers must have started');
    // The server process's own CPU time (Linux /proc, in clock ticks of 10 ms) per request: far less
    // sensitive to other load on a shared machine than requests per second.
    const cpuTicks = (/** @type {number | undefined} */ pid) => {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        return Number(fields[11]) + Number(fields[12]);
      } catch {
        return NaN;
      }
    };
    /**
     * @param {BaselineServer} server @param {'me' | 'withdrawal'} key
     * @param {Parameters<typeof run>[0]} options
     */
    const measured = async (server, key, options) => {
      const before = cpuTicks(server.api.pid);
      const result = await run(options, server.at);
      result.cpuMsPerRequest = ((cpuTicks(server.api.pid) - before) * 10) / result.requests.total;
      server[key].push(result);
    };
    // A B, B A, A B, …: each server's runs sit at both ends of the pairs, so a machine that speeds
    // up or slows down during the run (other tenants on a shared host) favours neither.
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [b, a] : [a, b];
      for (const server of order) await measured(server, 'me', { path: '/api/user/me', headers: server.headers });
      for (const server of order)
        await measured(server, 'withdrawal', {
          path: '/api/user/withdrawal',
          method: 'POST',
          headers: server.headers,
          body: server.body,
        });
    }
    /** @param {RunResult[]} results @param {(result: RunResult) => number} pick */
    const mean = (results, pick) => results.reduce((sum, result) => sum + pick(result), 0) / results.length;
    const rps = (/** @type {RunResult[]} */ results) => mean(results, (result) => result.requests.average);
    const p99 = (/** @type {RunResult[]} */ results) => mean(results, (result) => result.latency.p99);
    const bad = (/** @type {RunResult[]} */ results) =>
      results.reduce((sum, result) => sum + result.non2xx + result.errors, 0);
    console.log(
      `\nAPI benchmark against ${ref} (${commit}) ` +
        `on ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${CONNECTIONS} connections × ${DURATION} s per ` +
        `run, ${ROUNDS} rounds interleaved A B / B A, loopback\n`,
    );
    const cpu = (/** @type {RunResult[]} */ results) => mean(results, (result) => result.cpuMsPerRequest ?? NaN);
    console.log(
      '| Server | Request | req/s (runs) | req/s (mean) | p99 ms (runs) | p99 ms (mean) | server CPU ms / ' +
        'request | non-2xx + errors |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const server of servers) {
      /** @type {[string, RunResult[]][]} */
      const requests = [
        ['GET /api/user/me', server.me],
        ['POST /api/user/withdrawal', server.withdrawal],
      ];
      for (const [title, results] of requests) {
        console.log(
          `| ${server.name} | ${title} | ${results.map((r) => Math.round(r.requests.average)).join(', ')} ` +
            `| ${Math.round(rps(results))} | ${results.map((r) => r.latency.p99).join(', ')} ` +
            `| ${p99(results).toFixed(1)} | ${cpu(results).toFixed(3)} | ${bad(results)} |`,
        );
      }
    }
    console.log(
      `\n/me ratio (current / baseline req/s): ${(rps(a.me) / rps(b.me)).toFixed(2)}; server CPU per ` +
        `request, baseline / current: ${(cpu(b.me) / cpu(a.me)).toFixed(2)}`,
    );
    console.log(
      `withdrawal ratio (current / baseline req/s): ${(rps(a.withdrawal) / rps(b.withdrawal)).toFixed(2)}; ` +
        `current withdrawal p99 ${p99(a.withdrawal).toFixed(1)} ms`,
    );
    if (bad(a.me) + bad(a.withdrawal) > 0) process.exitCode = 1;
    if (kind === 'postgres') {
      const commit = await commitLatency(a.schema);
      const [p50, p99] = [commit.p50.toFixed(1), commit.p99.toFixed(1)];
      const floor = (CONNECTIONS * commit.p50).toFixed(0);
      console.log(
        `PostgreSQL commit on this machine now (a one-row UPDATE, autocommit, ${COMMITS} in a row): ` +
          `p50 ${p50} ms, p99 ${p99} ms. One player's withdrawals are one commit each, one after another ` +
          `(their row lock), so ${CONNECTIONS} at once wait about ${CONNECTIONS} × p50 = ${floor} ms ` +
          'at the back of the queue.',
      );
    }
  } finally {
    for (const server of servers) {
      server.api.stop();
      if (server.schema) await dropSchema(server.schema);
    }
    spawnSync('git', ['worktree', 'remove', '--force', worktree]);
    rmSync(worktree, { recursive: true, force: true });
  }
}

if (baselineRef) {
  const kind = only === 'postgres' || (!only && databaseUrl) ? 'postgres' : 'pglite';
  if (kind === 'postgres' && !databaseUrl) throw new Error('--db=postgres needs DATABASE_URL');
  await benchBaseline(baselineRef, kind);
  process.exit();
}

const kinds = benchDatabases({ databaseUrl, only });
if (!existsSync('dist/faq.html'))
  console.warn('dist/faq.html is missing: the /faq rows measure a 404. Run `npm run build` first.');

let failed = false;
for (const kind of kinds) {
  const report = await benchOne(kind);
  console.log(`\nAPI benchmark on ${report.title}: ${CONNECTIONS} connections × ${DURATION} s each, loopback\n`);
  console.log('| Request | req/s (mean) | p50 ms | p99 ms | p99 / p50 | non-2xx | errors |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [title, result] of report.rows) {
    if (!result.requests.total) {
      // Nothing came back before the run ended: say so rather than print zeros as latencies.
      console.log(
        `| ${title} | 0 | > ${DURATION * 1000} | > ${DURATION * 1000} | – | ${result.non2xx} | ${result.errors} |`,
      );
      continue;
    }
    const ratio = result.latency.p50 ? (result.latency.p99 / result.latency.p50).toFixed(1) : '–';
    console.log(
      `| ${title} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} ` +
        `| ${ratio} | ${result.non2xx} | ${result.errors} |`,
    );
  }
  const outcomes = Object.entries(report.floodOutcomes)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
  console.log(`\nLogin flood answers: ${outcomes}`);
  const consistent = report.balance === report.expected;
  console.log(
    `${report.withdrawals} withdrawals of 0.01 recorded; balance ${report.balance} ` +
      `(expected ${report.expected}): ${consistent ? 'consistent' : 'MISMATCH'}`,
  );
  if (!consistent) failed = true;
}
if (!databaseUrl && !only) console.log('\nPostgreSQL: not measured (set DATABASE_URL to include it).');

// Game rounds (bet, outcome, win through the wallet) are the other write path players hit hardest.
console.log('\n## Game rounds (npm run bench:games)');
// On PGlite, as its header says: with DATABASE_URL it would reuse the public schema and a player
// left there by an earlier run, and its balance check would compare against the wrong history.
const games = spawnSync(process.execPath, ['scripts/bench-games.mjs'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: '' },
});
if (games.status !== 0) failed = true;
if (failed) process.exitCode = 1;
