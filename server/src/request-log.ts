import type { MiddlewareHandler } from 'hono';

/**
 * One JSON line per request: method, path, status, duration. Only the path is logged — never
 * the query string, headers or body, which may carry tokens, passwords or decrypted data.
 */
export function requestLog(write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    write(
      JSON.stringify({
        time: new Date().toISOString(),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      }),
    );
  };
}
