import type { MiddlewareHandler } from 'hono';
import { setAnswerHeader } from '../../http/answer-headers.ts';
import type { AppEnv } from '../../app-env.ts';

/**
 * CORS for the sandboxed game page. /play frames the provider's page with
 * `sandbox="allow-scripts allow-forms"` (no allow-same-origin), so the page runs in an opaque
 * origin even when it is served from the site's own: its module script and its calls to
 * /demo-games/api/ are cross-origin requests with `Origin: null`.
 *
 * Answering them is safe because nothing ambient is granted: no `Access-Control-Allow-Credentials`,
 * so the browser sends no cookie and reads no answer to a credentialed request; the session id in
 * the path is the only capability, exactly as for the provider's server-to-server callers. Only
 * the provider's own paths get these headers, only for `Origin: null` (any other foreign origin
 * still gets none, or the site's CORS_ORIGINS rule).
 */
export function sandboxedFrameCors(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.header('origin') !== 'null') return next();
    if (c.req.method === 'OPTIONS') {
      // Preflight of the page's JSON POSTs (rounds, seeds, actions).
      if (!c.req.header('access-control-request-method')) return next();
      c.header('Access-Control-Allow-Origin', 'null');
      c.header('Access-Control-Allow-Methods', 'GET, POST');
      c.header('Access-Control-Allow-Headers', 'Content-Type, Accept');
      c.header('Access-Control-Max-Age', '600');
      c.header('Vary', 'Origin');
      return c.body(null, 204);
    }
    await next();
    setAnswerHeader(c, 'Access-Control-Allow-Origin', 'null');
    setAnswerHeader(c, 'Vary', 'Origin', { append: true });
  };
}
