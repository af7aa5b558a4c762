// `npm run bench:games`: bet rounds per second and p99 latency of the demo game provider on
// loopback — real-money slot rounds (bet, outcome, win through the wallet) in one session.
// The server runs as its own process on a fresh database, as `npm start` runs it; afterwards the
// balance is checked against the rounds' history items. Meant to be folded into bench:api.
import autocannon from 'autocannon';
import { fromCents, signedToCents, toCents } from '../src/api/money.ts';
import { startBenchApi } from './bench-server.mjs';

const PORT = Number(process.env.BENCH_API_PORT) || 4540;
const DURATION = Number(process.env.BENCH_SECONDS) || 10;
const CONNECTIONS = 10;
const DEPOSIT = '10000.00';

const { base, post, fundedPlayer, stop } = await startBenchApi({ port: PORT, name: 'bench-games', env: { SITE_URL: `http://127.0.0.1:${PORT}` } });
const token = await fundedPlayer({ email: 'bench-games@example.test', username: 'bench_games', password: 'bench-password-42' }, DEPOSIT);
const { session_id: sessionId } = await post('/gmnggate/api', { method: 'game_launch', game_id: 'amber-fortune', mode: 'real' }, token);

const result = await new Promise((resolve, reject) =>
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

// Rounds still in flight when the run ends complete on the server, so the server's own records
// are what the balance is checked against: deposit + Σ(win − stake) over the rounds' history items.
const headers = { authorization: `Token ${token}` };
const me = await (await fetch(`${base}/api/user/me`, { headers })).json();
let net = 0n;
let items = 0;
for (let page = 1; ; page++) {
  const history = await (await fetch(`${base}/api/user/history?type=game&page_size=100&page=${page}`, { headers })).json();
  for (const item of history.results) net += signedToCents(item.amount);
  items += history.results.length;
  if (!history.next) break;
}
const state = await (await fetch(`${base}/demo-games/api/sessions/${sessionId}`)).json();
stop();

console.log(`\nGame rounds benchmark: ${CONNECTIONS} connections × ${DURATION} s, loopback, PGlite, real-money slot rounds of 0.10\n`);
console.log('| Request | rounds/s (mean) | p50 ms | p99 ms | non-2xx | errors |');
console.log('|---|---|---|---|---|---|');
console.log(`| POST /demo-games/api/sessions/:id/rounds | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} | ${result.errors} |`);
const expected = fromCents(toCents(DEPOSIT) + net);
const consistent = me.balance === expected && items === state.fairness.nonce;
console.log(`\n${items} rounds recorded (nonce ${state.fairness.nonce}); balance ${me.balance} (expected ${expected}): ${consistent ? 'consistent' : 'MISMATCH'}`);
if (!consistent || result.non2xx) process.exitCode = 1;
