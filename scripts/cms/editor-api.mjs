// The editor's API (`POST /api/v1`, Decap's proxy backend): the request checks, then every path of
// the call against the content the editor may change, then decap-server's file handler. Nothing is
// read or written before all checks pass. Refusals are 403 with `{ error }`, which Decap shows.
import { ContentPathRefused } from './content-paths.mjs';
import { DECAP_DELETE_REFUSAL, ENTRY_DELETE_ACTION, EntryDeleteRefused, isDecapEntryDelete } from './entry-delete.mjs';
import { englishEntriesWithIds } from './entry-id.mjs';
import { EntrySaveRefused, entryToSave } from './entry-save.mjs';
import { ENTRY_STATUS_ACTION } from './entry-status.mjs';
import { apiCallRefusal } from './editor-request-guard.mjs';
import { pathsOfProxyCall } from './proxy-request-paths.mjs';

/** A picture is at most 300 KB (docs/editing.md); base64 and a few entries fit well below this. */
export const EDITOR_API_BODY_LIMIT = 8 * 1024 * 1024;

/** @param {import('node:http').ServerResponse} res @param {number} status @param {unknown} value */
export function sendJson(res, status, value) {
  res
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
    .end(JSON.stringify(value));
}

/** @param {import('node:http').IncomingMessage} req @returns {Promise<string | null>} null when too large */
async function readBody(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > EDITOR_API_BODY_LIMIT) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Listings name what is in a folder now; a symbolic link among them that points out of the folder
 * is left out, like a path the editor asked for.
 * @param {{ check(path: string, kind: import('./content-paths.mjs').PathKind): Promise<string> }} gate
 * @param {string} action @param {unknown} value
 */
async function withinContent(gate, action, value) {
  if ((action !== 'entriesByFolder' && action !== 'getMedia') || !Array.isArray(value)) return value;
  const pathOf = (/** @type {any} */ item) => (action === 'getMedia' ? item?.path : item?.file?.path);
  const kept = await Promise.all(
    value.map((item) =>
      gate.check(pathOf(item), 'file').then(
        () => true,
        () => false,
      ),
    ),
  );
  return value.filter((_, index) => kept[index]);
}

/**
 * @param {object} options
 * @param {string} options.key  the run's key
 * @param {{ check(path: string, kind: import('./content-paths.mjs').PathKind): Promise<string> }} options.gate
 * @param {(body: unknown) => Promise<{ status: number, value: unknown }>} options.decap
 * @param {(reason: string) => void} options.onRefusal
 * @param {string} options.root  the checkout
 * @param {string} options.defaultLocale  the language whose entry holds the id and the structure
 * @param {(params: unknown) => unknown} options.status  one entry's translation status (entry-status.mjs)
 * @param {(params: unknown) => Promise<unknown>} options.remove  deletes the chosen languages (entry-delete.mjs)
 */
export function editorApi({ key, gate, decap, onRefusal, root, defaultLocale, status, remove }) {
  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  return async (req, res) => {
    /** `logged` leaves the request's own text (a path) out of the terminal. */
    const refuse = (/** @type {string} */ reason, logged = reason) => {
      onRefusal(logged);
      sendJson(res, 403, { error: reason });
    };
    const refusal = apiCallRefusal(req, key);
    if (refusal) return refuse(refusal);
    const text = await readBody(req);
    if (text === null) return sendJson(res, 413, { error: 'too large' });
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      return sendJson(res, 400, { error: 'not JSON' });
    }
    try {
      if (body?.action === ENTRY_STATUS_ACTION) return sendJson(res, 200, status(body.params));
      if (body?.action === ENTRY_DELETE_ACTION) return sendJson(res, 200, await remove(body.params));
      if (isDecapEntryDelete(body)) return sendJson(res, 422, { error: DECAP_DELETE_REFUSAL });
      for (const [path, kind] of pathsOfProxyCall(body)) await gate.check(/** @type {string} */ (path), kind);
    } catch (error) {
      if (error instanceof ContentPathRefused) return refuse(error.message, 'a path outside the content');
      if (error instanceof EntryDeleteRefused) return sendJson(res, 422, { error: error.message });
      throw error;
    }
    if (body.action === 'persistEntry') {
      try {
        body.params = entryToSave(body.params, { root, defaultLocale });
      } catch (error) {
        if (error instanceof EntrySaveRefused) return sendJson(res, 422, { error: error.message });
        throw error;
      }
    }
    const answer = await decap(body);
    const shown = await withinContent(gate, body.action, answer.value);
    sendJson(
      res,
      answer.status,
      answer.status === 200 ? englishEntriesWithIds(body.action, shown, defaultLocale) : shown,
    );
  };
}
