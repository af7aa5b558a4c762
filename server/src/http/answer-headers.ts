import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

/**
 * Sets a header on the answer a handler already made (in a middleware, after `await next()`).
 *
 * Hono's `c.header` there rebuilds the answer: it reads the body of the node server's light
 * Response (which makes a full WHATWG Response), wraps it in a new Response, and the answer then
 * leaves as a stream (chunked, one more write) instead of one string. Five such headers per request
 * were a third of `/api/user/me`'s own CPU time (docs/architecture.md "The read path"). This sets the
 * header in place, on the answer's own headers, which is what `c.header` does before the answer
 * exists; only an answer whose headers are immutable (`Response.redirect()`) goes the slow way.
 */
export function setAnswerHeader(c: Context, name: string, value: string, options?: { append?: boolean }): void {
  if (!c.finalized) return c.header(name, value, options);
  try {
    if (options?.append) c.res.headers.append(name, value);
    else c.res.headers.set(name, value);
  } catch {
    c.header(name, value, options);
  }
}

const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;
const THRESHOLD = 1024;

/**
 * Hono's `compress()`, whose `Vary: Accept-Encoding` is set in place first (see `setAnswerHeader`):
 * the same answers get it (the ones compress would consider: compressible type, not too small, not
 * already encoded, not a HEAD or a range, no `no-transform`), and compress then finds it there.
 */
export function compressAnswers(): MiddlewareHandler {
  const gzip = compress({ threshold: THRESHOLD });
  return (c, next) =>
    gzip(c, async () => {
      await next();
      const { headers, status } = c.res;
      const length = headers.get('Content-Length');
      const type = headers.get('Content-Type');
      const vary = headers.get('Vary');
      const considered =
        status !== 206 &&
        !headers.has('Content-Encoding') &&
        !headers.has('Transfer-Encoding') &&
        c.req.method !== 'HEAD' &&
        !(length && Number(length) < THRESHOLD) &&
        type &&
        COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) &&
        !NO_TRANSFORM.test(headers.get('Cache-Control') ?? '');
      if (considered && vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary)))
        setAnswerHeader(c, 'Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    });
}
