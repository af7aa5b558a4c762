import type { MiddlewareHandler } from 'hono';

/** nginx's status for a request the client abandoned before the answer: not a server error. */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * One JSON line per request: method, path, status, duration. Only the path is logged — never
 * the query string, headers or body, which may carry tokens, passwords or decrypted data.
 * `level` is `error` for 5xx answers only, so an aborted request (499) is `info`. A game session id
 * in the path is a bearer capability (it plays rounds with the player's money): it is redacted.
 */
export const redactPath = (path: string) => path.replace(/(\/demo-games\/(?:play|api\/sessions))\/[^/]+/, '$1/:session');

export function requestLog(write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    write(
      JSON.stringify({
        level: c.res.status >= 500 ? 'error' : 'info',
        time: new Date().toISOString(),
        method: c.req.method,
        path: redactPath(c.req.path),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      }),
    );
  };
}
