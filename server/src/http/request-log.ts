import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { setAnswerHeader } from './answer-headers.ts';

/** nginx's status for a request the client abandoned before the answer: not a server error. */
export const CLIENT_CLOSED_REQUEST = 499;

/** An `X-Request-Id` a proxy or client sent is kept when it is this plain; anything else is replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@-]{8,128}$/;

/** The request id: the one sent in `X-Request-Id` when sane, else a new UUID. */
export function requestIdOf(sent: string | undefined): string {
  return sent && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** The route pattern that answered (`/api/x/:id`), or `static` when no route claimed the path. */
export function routeOf(c: Parameters<MiddlewareHandler>[0]): string {
  const pattern = routePath(c);
  return pattern === '/*' ? 'static' : pattern;
}

/** The path to log: its route pattern when it has route parameters (ids, capabilities), else itself. */
export function loggedPath(c: Parameters<MiddlewareHandler>[0]): string {
  return Object.keys(c.req.param() ?? {}).length > 0 ? routeOf(c) : c.req.path;
}

/**
 * One JSON line per request: request id (echoed in `X-Request-Id`), method, path, route pattern,
 * status, duration. Only the path is logged — never the query string, headers or body, which may
 * carry tokens, passwords or decrypted data — and a path with route parameters (session ids,
 * payment ids: capabilities) is logged as its pattern. `level` is `error` for 5xx answers only,
 * so an aborted request (499) is `info`.
 */
export function requestLog(
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const id = requestIdOf(c.req.header('x-request-id'));
    c.set('requestId', id);
    await next();
    setAnswerHeader(c, 'X-Request-Id', id);
    const route = routeOf(c);
    write(
      JSON.stringify({
        level: c.res.status >= 500 ? 'error' : 'info',
        time: new Date().toISOString(),
        id,
        method: c.req.method,
        path: loggedPath(c),
        route,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      }),
    );
  };
}
