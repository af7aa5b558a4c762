// `npm run bench:games`: bet rounds per second and p99 latency of the demo game provider on
// loopback — real-money slot rounds (bet, outcome, win through the wallet) in one session.
// The server runs as its own process on a fresh database, as `npm start` runs it; afterwards the
// balance is checked against the rounds' history items. Meant to be folded into bench:api.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encryptJson, importPublicKey } from '../src/api/envelope.ts';
import { fromCents, signedToCents, toCents } from '../src/api/money.ts';
import { publicKeySpkiBase64 } from '../server/src/key-files.mjs';

const PORT = Number(process.env.BENCH_API_PORT) || 4540;
const DURATION = Number(process.env.BENCH_SECONDS) || 10;
const CONNECTIONS = 10;
const DEPOSIT = '10000.00';
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'amber-bench-games-'));

const server = spawn(process.execPath, ['server/src/index.ts'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, RSA_PRIVATE_KEY_FILE: '', DEMO: '0', SITE_URL: base },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

async function waitForServer() {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/gmnggate/most_popular`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the API did not start');
}

await waitForServer();
const publicKey = await importPublicKey(publicKeySpkiBase64({ DATA_DIR: dataDir }));
const post = async (path, body, token) => {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) },
    body: JSON.stringify({ e_data: await encryptJson(JSON.stringify(body), publicKey) }),
    redirect: 'manual',
  });
  return response.headers.get('content-type')?.includes('json') ? response.json() : response;
};

const player = { email: 'bench-games@example.test', username: 'bench_games', password: 'bench-password-42' };
await post('/auth/users/', player);
const { auth_token: token } = await post('/auth/token/login/', player);
const payment = await post('/api/user/payments/create-payment', { amount: DEPOSIT, method: 'card' }, token);
await fetch(`${new URL(payment.redirect_url).pathname.replace(/^/, base)}/confirm`, { method: 'POST', redirect: 'manual' });
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
