import type { Hono, MiddlewareHandler } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import type { AppEnv } from '../app-env.ts';
import { translate } from '../base/i18n.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * 405 with `Allow` for a method an existing API path does not support (a `PUT` or a plain
 * `OPTIONS` on `/api/user/me`), before authentication, so the answer does not depend on a token.
 * Unknown paths still fall through to 404. CORS preflights are answered earlier by the CORS
 * middleware when CORS_ORIGINS is set. The route table is read on the first request, once every
 * route group is registered.
 */
export function methodNotAllowed(app: Hono<AppEnv>, applies: (path: string) => boolean): MiddlewareHandler<AppEnv> {
  let router: TrieRouter<string> | undefined;
  const supports = (method: string, path: string) => {
    if (!router) {
      router = new TrieRouter<string>();
      for (const route of app.routes) if (route.method !== 'ALL') router.add(route.method, route.path, route.method);
    }
    return router.match(method, path)[0].some(([handlerMethod]) => handlerMethod === method);
  };
  return async (c, next) => {
    if (!applies(c.req.path)) return next();
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    // The common case costs one lookup: the path has a route for this method. Only a miss looks
    // up every method, for the Allow header (it was five lookups on every API request).
    if (supports(method, c.req.path)) return next();
    const allowed = METHODS.filter((candidate) => supports(candidate, c.req.path));
    if (!allowed.length) return next();
    c.header('Allow', allowed.join(', '));
    return c.json({ detail: translate(c.get('locale'), 'guard.method_not_allowed', { method: c.req.method }) }, 405);
  };
}
