// `npm run bench:api`: requests per second and p99 latency of the reference API on loopback,
// for an authenticated read (GET /api/user/me) and an encrypted money write (POST withdrawal).
// The server runs as its own process on a fresh database, as `npm start` runs it.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encryptJson, importPublicKey } from '../src/api/envelope.ts';
import { fromCents, toCents } from '../src/api/money.ts';
import { publicKeySpkiBase64 } from '../server/src/key-files.mjs';

const PORT = Number(process.env.BENCH_API_PORT) || 4540;
const DURATION = Number(process.env.BENCH_SECONDS) || 10;
const CONNECTIONS = 10;
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'amber-bench-api-'));

const server = spawn(process.execPath, ['server/src/index.ts'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, RSA_PRIVATE_KEY_FILE: '', DEMO: '0', WITHDRAWAL_MIN: '0.01' },
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

const player = { email: 'bench@example.test', username: 'bench_player', password: 'bench-password-42' };
await post('/auth/users/', { ...player, date_of_birth: '1990-04-12', accept_terms: true });
const { auth_token: token } = await post('/auth/token/login/', player);
const payment = await post('/api/user/payments/create-payment', { amount: '10000.00', method: 'card' }, token);
await fetch(`${new URL(payment.redirect_url).pathname.replace(/^/, base)}/confirm`, { method: 'POST', redirect: 'manual' });

const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };
const run = (title, options) =>
  new Promise((resolve, reject) =>
    autocannon({ url: `${base}${options.path}`, connections: CONNECTIONS, duration: DURATION, headers, ...options }, (error, result) =>
      error ? reject(error) : resolve({ title, result }),
    ),
  );

const withdrawalBody = JSON.stringify({ e_data: await encryptJson(JSON.stringify({ amount: '0.01', method: 'card', destination: '4242424242424242' }), publicKey) });
const results = [await run('GET /api/user/me', { path: '/api/user/me' }), await run('POST /api/user/withdrawal (encrypted)', { path: '/api/user/withdrawal', method: 'POST', body: withdrawalBody })];

// Requests still in flight when a run ends complete on the server but are not counted by
// autocannon, so the server's own history is the count to check the balance against.
const me = await (await fetch(`${base}/api/user/me`, { headers })).json();
const history = await (await fetch(`${base}/api/user/history?type=withdrawal&page_size=1`, { headers })).json();
stop();

console.log(`\nAPI benchmark: ${CONNECTIONS} connections × ${DURATION} s each, loopback, PGlite\n`);
console.log('| Request | req/s (mean) | p50 ms | p99 ms | non-2xx | errors |');
console.log('|---|---|---|---|---|---|');
for (const { title, result } of results) {
  console.log(`| ${title} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} | ${result.errors} |`);
}
const withdrawals = history.count;
const expected = fromCents(toCents('10000.00') - BigInt(withdrawals));
console.log(`\n${withdrawals} withdrawals of 0.01 recorded; balance ${me.balance} (expected ${expected}): ${me.balance === expected ? 'consistent' : 'MISMATCH'}`);
if (me.balance !== expected) process.exitCode = 1;
