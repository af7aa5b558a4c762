// The clients of `npm run bench:stream`, in a worker thread: they share the machine with the
// server, so they are spread over threads (one event loop reading 10,000 sockets would measure
// itself). The main thread sends `open` (a range of stream indexes), then `arm`; this worker
// answers `opened`, then the arrivals of the first room `betting` event each stream saw, once every
// stream has it (or when asked, `report`).
import { connect } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const {
  url: href,
  perAddress,
  openingAtOnce,
} = /** @type {{ url: string; perAddress: number; openingAtOnce: number }} */ (workerData);
const url = new URL(href);
const BETTING = /event: crash\ndata: (\{[^\n]*"type":"betting"[^\n]*\})\n/;
let armed = false;
let streams = 0;
let reported = false;
const report = () => {
  if (reported) return;
  reported = true;
  parentPort?.postMessage({ type: 'arrivals', arrivals });
};
/** @type {{ game: number; openedAt: number; arrivedAt: number }[]} */
const arrivals = [];
/** @type {import('node:net').Socket[]} */
const open = [];

const BETTING_MARK = Buffer.from('"type":"betting"');
const REQUEST = `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/event-stream\r\n\r\n`;

/**
 * One stream on a bare socket: the bench measures the server, so a client only looks for the
 * bytes of a `betting` event in what arrives (an event is written in one piece), with no HTTP
 * parser or decoding per chunk.
 * @param {number} index @returns {Promise<void>}
 */
function openStream(index) {
  return new Promise((resolve, reject) => {
    const socket = connect({
      host: url.hostname,
      port: Number(url.port),
      localAddress: `127.0.1.${1 + Math.floor(index / perAddress)}`,
    });
    let answered = false;
    let seen = false;
    socket.on('connect', () => socket.write(REQUEST));
    socket.on('data', (/** @type {Buffer} */ chunk) => {
      if (!answered) {
        answered = true;
        if (!chunk.toString('latin1', 0, 12).startsWith('HTTP/1.1 200'))
          return reject(new Error(`stream ${index}: ${chunk.toString('latin1', 0, 40)}`));
        resolve();
      }
      if (!armed || seen || chunk.indexOf(BETTING_MARK) < 0) return;
      const arrivedAt = Date.now();
      const match = BETTING.exec(chunk.toString('utf8'));
      if (!match) return;
      seen = true;
      const data = JSON.parse(/** @type {string} */ (match[1]));
      arrivals.push({ game: data.game, openedAt: Date.parse(data.opened_at), arrivedAt });
      if (arrivals.length === streams) report();
    });
    socket.on('error', reject);
    open.push(socket);
  });
}

parentPort?.on('message', async (/** @type {{ type: string; from?: number; to?: number }} */ message) => {
  if (message.type === 'open') {
    const { from = 0, to = 0 } = message;
    streams = to - from;
    for (let start = from; start < to; start += openingAtOnce) {
      const batch = [];
      for (let index = start; index < Math.min(to, start + openingAtOnce); index++) batch.push(openStream(index));
      await Promise.all(batch);
    }
    parentPort?.postMessage({ type: 'opened' });
  } else if (message.type === 'arm') {
    armed = true;
  } else if (message.type === 'report') {
    report();
  } else if (message.type === 'close') {
    for (const req of open) req.destroy();
    parentPort?.close();
  }
});
