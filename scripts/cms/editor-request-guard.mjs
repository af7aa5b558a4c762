// The checks on every request to the editor's server, before it reads or writes anything.
// A web page the editor visits could otherwise reach the server on the loopback address: through
// DNS rebinding (its own host name, resolved to 127.0.0.1, so a foreign Host header), or by a
// cross-origin request (an Origin header that is not the editor's). The per-run key is the last
// line: only the page `npm run cms` opened has it.
import { timingSafeEqual } from 'node:crypto';

/** The header the editor page sends the key in; a custom header also makes any cross-origin call preflight. */
export const EDITOR_KEY_HEADER = 'x-cms-key';

/**
 * Why a request is refused for its Host header, or null. Only `localhost:<port>` and
 * `127.0.0.1:<port>` are this server: any other name is a rebinding page's.
 * @param {import('node:http').IncomingMessage} req @param {number} port
 */
export function hostRefusal(req, port) {
  const host = req.headers.host?.toLowerCase();
  return host === `localhost:${port}` || host === `127.0.0.1:${port}` ? null : 'foreign Host';
}

/** @param {string | undefined} given @param {string} key */
const sameKey = (given, key) => {
  const [a, b] = [Buffer.from(given ?? ''), Buffer.from(key)];
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Why a call of the editor's API is refused, or null: only a POST of JSON from the editor page
 * itself (its Origin, when the browser sends one, is this server's), with the run's key.
 * Preflights (OPTIONS) are refused: the page and its API share an origin and never need one.
 * @param {import('node:http').IncomingMessage} req @param {string} key
 */
export function apiCallRefusal(req, key) {
  if (req.method === 'OPTIONS') return 'cross-origin requests are refused';
  if (req.method !== 'POST') return 'only POST';
  const { origin } = req.headers;
  if (origin !== undefined && origin !== `http://${req.headers.host?.toLowerCase()}`)
    return 'cross-origin requests are refused';
  const given = req.headers[EDITOR_KEY_HEADER];
  if (!sameKey(typeof given === 'string' ? given : undefined, key))
    return 'missing or wrong editor key: open the address `npm run cms` printed (it ends in #key=…)';
  if (!/^application\/json(;|$)/i.test(req.headers['content-type'] ?? '')) return 'only application/json';
  return null;
}
