import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { requestLog } from './request-log.ts';
import { createStaticSite } from './static-site.ts';

export interface AppOptions {
  /** The built site (`dist/`). */
  distDir: string;
  /** Where request log lines go; defaults to stdout. */
  log?: (line: string) => void;
}

export function createApp({ distDir, log }: AppOptions) {
  const app = new Hono();
  const site = createStaticSite(distDir);

  app.use(requestLog(log));
  app.use(compress());
  app.use(async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    // Cannot be set from a <meta> CSP, so the server adds it: nobody may frame the site.
    c.header('Content-Security-Policy', "frame-ancestors 'none'");
  });

  // The site is the fallback for every path no API route claims, so routes can be added in
  // any order. Only GET and HEAD read files; any other method on a page path is a 404.
  app.notFound((c) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? site.serve(c) : site.errorPage(c, 404)));

  app.onError((error, c) => {
    console.error(JSON.stringify({ level: 'error', path: c.req.path, error: error.message }));
    return site.errorPage(c, 500);
  });

  return app;
}
