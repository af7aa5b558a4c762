// `npm run bench:stream`: the live stream's capacity (issue 40). Starts the API as its own process
// on a fresh PGlite database with the shared crash room on (a short chain, 2 s of bets), opens
// STREAMS idle `GET /api/stream` connections from 100 loopback addresses (127.0.1.1 …, 100 each,
// the server's per-address limit), and reports:
//   - the server's memory (RSS) before and with every stream open, and the growth per stream;
//   - how long the next room event (`crash`, type `betting`, stamped with the server's clock when the
//     game opened) took to reach every stream: p50, p99, max and how many got it.
// Loopback only, bounded: at most STREAMS connections, stopped after 180 s whatever happens.
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { startBenchApi } from './bench-server.mjs';
import { parseEnv } from '../server/src/config/variables.ts';

const { BENCH_STREAMS: STREAMS, BENCH_API_PORT: PORT } = parseEnv(process.env, ['BENCH_STREAMS', 'BENCH_API_PORT']);
const PER_ADDRESS = 100;
const OPENING_AT_ONCE = 200;
const LIMIT_MS = 180_000;

const deadline = setTimeout(() => {
  console.error(`bench:stream stopped after ${LIMIT_MS / 1000} s`);
  process.exit(1);
}, LIMIT_MS);

/** @param {number} pid */
const rssMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

/** @param {number[]} sorted @param {number} p */
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

const server = await startBenchApi({
  port: PORT,
  name: 'bench-stream',
  env: {
    DATABASE_URL: '',
    CRASH_ROOM: '1',
    CRASH_ROOM_CHAIN_LENGTH: '1000',
    CRASH_ROOM_BETTING_SECONDS: '2',
    MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
  },
});
const serverPid = /** @type {number} */ (server.pid);
const url = new URL('/api/stream', server.base);

/** Arrival times (ms since the epoch) of the first `betting` event after `armed`, by game. */
let armed = false;
/** @type {{ game: number; openedAt: number; arrivedAt: number }[]} */
const arrivals = [];
/** @type {import('node:http').ClientRequest[]} */
const open = [];

/** @param {number} index @returns {Promise<void>} */
function openStream(index) {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        localAddress: `127.0.1.${1 + Math.floor(index / PER_ADDRESS)}`,
        agent: false,
        headers: { accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream ${index}: ${res.statusCode}`));
        let seen = false;
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          if (!armed || seen) return;
          buffer += chunk;
          const match = /event: crash\ndata: (\{[^\n]*"type":"betting"[^\n]*\})\n/.exec(buffer);
          if (!match) return;
          seen = true;
          const data = JSON.parse(/** @type {string} */ (match[1]));
          arrivals.push({ game: data.game, openedAt: Date.parse(data.opened_at), arrivedAt: Date.now() });
        });
        resolve();
      },
    );
    req.on('error', reject);
    req.end();
    open.push(req);
  });
}

try {
  // Let the server settle (its first room game, its caches) before the baseline.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const before = rssMb(serverPid);
  const openingStarted = performance.now();
  for (let from = 0; from < STREAMS; from += OPENING_AT_ONCE) {
    const batch = [];
    for (let index = from; index < Math.min(STREAMS, from + OPENING_AT_ONCE); index++) batch.push(openStream(index));
    await Promise.all(batch);
  }
  const openingSeconds = (performance.now() - openingStarted) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const withStreams = rssMb(serverPid);
  armed = true;
  // The next game opens within the betting time plus one game: wait until every stream has it, or 30 s.
  const waitStarted = Date.now();
  while (arrivals.length < STREAMS && Date.now() - waitStarted < 30_000)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const game = arrivals[0]?.game;
  const delays = arrivals
    .filter((arrival) => arrival.game === game)
    .map((arrival) => arrival.arrivedAt - arrival.openedAt)
    .sort((a, b) => a - b);
  console.log(
    `\nLive stream capacity: ${STREAMS} idle streams from ${Math.ceil(STREAMS / PER_ADDRESS)} loopback addresses\n`,
  );
  console.log('| Figure | Value |');
  console.log('|---|---|');
  console.log(`| Opening every stream | ${openingSeconds.toFixed(1)} s |`);
  console.log(`| Server RSS before / with the streams | ${before.toFixed(0)} MB / ${withStreams.toFixed(0)} MB |`);
  const growth = withStreams - before;
  console.log(`| Memory growth | ${growth.toFixed(0)} MB (${((growth * 1024) / STREAMS).toFixed(1)} KB per stream) |`);
  console.log(`| Streams that got room game ${game}'s opening | ${delays.length} of ${STREAMS} |`);
  console.log(
    `| Delivery p50 / p99 / max | ${percentile(delays, 50)} / ${percentile(delays, 99)} / ${delays.at(-1)} ms |`,
  );
  console.log('\nBudgets (issue 40): growth under 300 MB, p99 under 500 ms.');
} finally {
  for (const req of open) req.destroy();
  server.stop();
  clearTimeout(deadline);
}
