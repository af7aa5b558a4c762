// `npm run bench:games`: the demo game provider on loopback, on PGlite and then on PostgreSQL when
// DATABASE_URL is set (`--db=pglite` or `--db=postgres` runs one). Per database:
//   - real-money slot rounds (bet, outcome, win through the wallet) in one session (autocannon);
//   - multi-step rounds: one player in 10 pairs of sessions plays mines (open, reveal up to 3
//     cells, cash out) and blackjack (open, hit below 12, stand) back to back; every request —
//     open or action — is timed (requests/s, p50, p99).
// The server runs as its own process on a fresh database, as `npm start` runs it; afterwards each
// player's balance is checked against their rounds' history items.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { fromCents } from '../core/api/money.ts';
import { benchDatabases, benchSettings, exactCents, startBenchApi } from './bench-server.mjs';

const { port: PORT, seconds: DURATION, databaseUrl, only } = benchSettings();
const CONNECTIONS = 10;
const DEPOSIT = '10000.00';

/** @param {number[]} sorted @param {number} p */
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** @param {string} base @param {string} token */
async function historyNet(base, token) {
  const headers = { authorization: `Token ${token}` };
  let net = 0n;
  let items = 0;
  for (let page = 1; ; page++) {
    const history = await (
      await fetch(`${base}/api/user/history?type=game&page_size=100&page=${page}`, { headers })
    ).json();
    for (const item of history.results) net += exactCents(item.amount);
    items += history.results.length;
    if (!history.next) break;
  }
  const me = await (await fetch(`${base}/api/user/me`, { headers })).json();
  return { net, items, balance: me.balance };
}

/** @param {string} base @param {{ mines: string; blackjack: string }[]} sessions */
async function multiStep(base, sessions) {
  /** @type {number[]} */
  const timings = [];
  let rounds = 0;
  let ids = 0;
  /** @param {string} path @param {unknown} body */
  const call = async (path, body) => {
    const started = performance.now();
    const response = await fetch(
      `${base}/demo-games/api/sessions/${path}`,
      body === undefined
        ? {}
        : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    );
    const json = await response.json();
    timings.push(performance.now() - started);
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const end = Date.now() + DURATION * 1000;
  const started = performance.now();
  await Promise.all(
    sessions.map(async ({ mines, blackjack }) => {
      while (Date.now() < end) {
        // 3 mines takes any stake from €7.68 (core/games/fair-stake.ts), so every round here is a bet the page takes.
        let { round } = await call(`${mines}/rounds`, { bet: { type: 'mines', amount: '8.00', mines: 3 } });
        for (let cell = 0; round.state === 'open' && cell < 3; cell++)
          ({ round } = await call(`${mines}/rounds/${round.id}/actions`, {
            action: 'reveal',
            cell,
            action_id: `b${++ids}`,
          }));
        if (round.state === 'open')
          await call(`${mines}/rounds/${round.id}/actions`, { action: 'cashout', action_id: `b${++ids}` });
        ({ round } = await call(`${blackjack}/rounds`, { bet: { type: 'blackjack', amount: '0.10' } }));
        while (round.state === 'open') {
          const action = round.view.player[round.view.active].total < 12 ? 'hit' : 'stand';
          ({ round } = await call(`${blackjack}/rounds/${round.id}/actions`, { action, action_id: `b${++ids}` }));
        }
        rounds += 2;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  return {
    requests: timings.length,
    rounds,
    perSecond: Math.round(timings.length / seconds),
    roundsPerSecond: Math.round(rounds / seconds),
    p50: percentile(timings, 50).toFixed(1),
    p99: percentile(timings, 99).toFixed(1),
  };
}

/** @param {'pglite' | 'postgres'} kind */
async function benchOne(kind) {
  const schema = kind === 'postgres' ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const env = {
    SITE_URL: `http://127.0.0.1:${PORT}`,
    ...(kind === 'postgres' ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : { DATABASE_URL: '' }),
  };
  const { base, post, fundedPlayer, stop } = await startBenchApi({ port: PORT, name: 'bench-games', env });
  try {
    const token = await fundedPlayer(
      { email: 'bench-games@example.test', username: 'bench_games', password: 'bench-password-42' },
      DEPOSIT,
    );
    const { session_id: sessionId } = await post(
      '/gmnggate/api',
      { method: 'game_launch', game_id: 'amber-fortune', mode: 'real' },
      token,
    );
    /** @type {import('autocannon').Result} */
    const slot = await new Promise((resolve, reject) =>
      autocannon(
        {
          url: `${base}/demo-games/api/sessions/${sessionId}/rounds`,
          method: 'POST',
          connections: CONNECTIONS,
          duration: DURATION,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ bet: { type: 'slot', amount: '0.10' } }),
        },
        (error, outcome) => (error ? reject(error) : resolve(outcome)),
      ),
    );
    // One player (registrations are rate-limited per address) in 10 pairs of sessions: every
    // stake also queues on that player's row lock, the worst case for the loss-limit check.
    const player = await fundedPlayer(
      { email: 'bench-steps@example.test', username: 'bench_steps', password: 'bench-password-42' },
      DEPOSIT,
    );
    /** @param {string} game @returns {Promise<string>} */
    const launch = async (game) =>
      (await post('/gmnggate/api', { method: 'game_launch', game_id: game, mode: 'real' }, player)).session_id;
    const sessions = [];
    for (let i = 0; i < CONNECTIONS; i++)
      sessions.push({ mines: await launch('mines'), blackjack: await launch('blackjack') });
    const steps = await multiStep(base, sessions);
    const checks = [
      { ...(await historyNet(base, token)), deposit: DEPOSIT },
      { ...(await historyNet(base, player)), deposit: DEPOSIT },
    ];
    const consistent = checks.every((check) => check.balance === fromCents(exactCents(check.deposit) + check.net));
    return { kind, schema, slot, steps, consistent, slotRounds: checks[0]?.items };
  } finally {
    stop();
    if (schema && databaseUrl) {
      const { openPostgres } = await import('../server/src/db/postgres.ts');
      const db = await openPostgres(databaseUrl);
      await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await db.close();
    }
  }
}

const kinds = benchDatabases({ databaseUrl, only });
for (const kind of kinds) {
  const { slot, steps, consistent, slotRounds } = await benchOne(kind);
  console.log(
    `\nGame benchmark on ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${CONNECTIONS} connections ` +
      `× ${DURATION} s, loopback, slot and blackjack stakes of 0.10, mines (3) 8.00\n`,
  );
  console.log('| Load | requests/s | rounds/s | p50 ms | p99 ms | non-2xx | errors |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| Slot rounds (POST …/rounds) | ${Math.round(slot.requests.average)} ` +
      `| ${Math.round(slot.requests.average)} | ${slot.latency.p50} | ${slot.latency.p99} | ${slot.non2xx} ` +
      `| ${slot.errors} |`,
  );
  console.log(
    `| Multi-step: mines + blackjack (opens and actions) | ${steps.perSecond} | ${steps.roundsPerSecond} ` +
      `| ${steps.p50} | ${steps.p99} | 0 | 0 |`,
  );
  console.log(
    `\n${slotRounds} slot rounds, ${steps.rounds} multi-step rounds (${steps.requests} requests); balances ` +
      `against history: ${consistent ? 'consistent' : 'MISMATCH'}`,
  );
  if (!consistent || slot.non2xx) process.exitCode = 1;
}
