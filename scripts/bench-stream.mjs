// `npm run bench:stream`: the live stream's capacity (issue 40). Starts the API as its own process
// on a fresh PGlite database with the shared crash room on (a short chain, 2 s of bets), opens
// STREAMS idle `GET /api/stream` connections from 100 loopback addresses (127.0.1.1 …, 100 each,
// the server's per-address limit), and reports:
//   - the server's memory (RSS) before and with every stream open, and the growth per stream;
//   - how long the next room event (`crash`, type `betting`, stamped with the server's clock when the
//     game opened) took to reach every stream: p50, p99, max and how many got it.
// Loopback only, bounded: at most STREAMS connections, stopped after 180 s whatever happens.
import { Worker } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { startBenchApi } from './bench-server.mjs';
import { parseEnv } from '../server/src/config/variables.ts';

const { BENCH_STREAMS: STREAMS, BENCH_API_PORT: PORT } = parseEnv(process.env, ['BENCH_STREAMS', 'BENCH_API_PORT']);
const PER_ADDRESS = 100;
const OPENING_AT_ONCE = 200;
const LIMIT_MS = 180_000;
const BETTING_SECONDS = 2;
const WAIT_MS = 100_000;
/** Client threads: the clients share the machine with the server, and one thread would measure itself. */
const CLIENT_THREADS = 2;

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
    CRASH_ROOM_BETTING_SECONDS: String(BETTING_SECONDS),
    MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
  },
});
const serverPid = /** @type {number} */ (server.pid);
const url = new URL('/api/stream', server.base);

/** The client threads (scripts/bench-stream-clients.mjs), each with its share of the streams. */
const workers = Array.from(
  { length: CLIENT_THREADS },
  () =>
    new Worker(new URL('./bench-stream-clients.mjs', import.meta.url), {
      workerData: { url: url.href, perAddress: PER_ADDRESS, openingAtOnce: OPENING_AT_ONCE },
    }),
);
/** @param {Worker} worker @param {string} type */
const answer = (worker, type) =>
  new Promise((resolve) => {
    /** @param {{ type: string }} message */
    const listener = (message) => {
      if (message.type !== type) return;
      worker.off('message', listener);
      resolve(message);
    };
    worker.on('message', listener);
  });
/** A whole number of addresses per thread, so no two threads share one address's limit. */
const share = Math.ceil(Math.ceil(STREAMS / PER_ADDRESS) / CLIENT_THREADS) * PER_ADDRESS;

try {
  // Let the server settle (its first room game, its caches) before the baseline.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const before = rssMb(serverPid);
  const openingStarted = performance.now();
  await Promise.all(
    workers.map((worker, thread) => {
      const opened = answer(worker, 'opened');
      worker.postMessage({ type: 'open', from: thread * share, to: Math.min(STREAMS, (thread + 1) * share) });
      return opened;
    }),
  );
  const openingSeconds = (performance.now() - openingStarted) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const withStreams = rssMb(serverPid);
  const reports = workers.map((worker) => answer(worker, 'arrivals'));
  for (const worker of workers) worker.postMessage({ type: 'arm' });
  // Each thread answers once all its streams have the next game's opening (a game that rises to a
  // high crash point takes a while); any still waiting after WAIT_MS is asked.
  const waiting = setTimeout(() => {
    for (const worker of workers) worker.postMessage({ type: 'report' });
  }, WAIT_MS);
  const arrivals = /** @type {{ arrivals: { game: number; openedAt: number; arrivedAt: number }[] }[]} */ (
    await Promise.all(reports)
  ).flatMap((report) => report.arrivals);
  clearTimeout(waiting);
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
  for (const worker of workers) worker.postMessage({ type: 'close' });
  server.stop();
  clearTimeout(deadline);
}
