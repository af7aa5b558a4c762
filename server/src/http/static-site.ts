// Serves the prerendered site from `dist/` the way a CDN would: pretty URLs map to `.html`
// files, unknown paths get the not-found page of their locale with status 404.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Context } from 'hono';
import { DEFAULT_LOCALE, LOCALES } from '#core/i18n/locales.ts';

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** Hashed bundles never change; pages and the build pointer must always be revalidated. */
export function cacheControlFor(path: string): string {
  if (path.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (path.endsWith('.html') || path.startsWith('/builds/')) return 'no-cache';
  return 'public, max-age=3600';
}

/** The locale whose error screens fit a request path: `/ru/anything` → `ru`. */
export function localeOfPath(pathname: string): string {
  const prefix = pathname.split('/')[1] ?? '';
  return (LOCALES as string[]).includes(prefix) ? prefix : DEFAULT_LOCALE;
}

/** Files a request path may be served from, most specific first. */
export function candidateFiles(pathname: string): string[] {
  // `/faq/` and `/faq` are the same page, as on most CDNs; the canonical link names one.
  if (pathname.endsWith('/')) return [`${pathname}index.html`, `${pathname.slice(0, -1)}.html`];
  if (extname(pathname)) return [pathname];
  return [`${pathname}.html`, `${pathname}/index.html`];
}

/** Rewrites a page's body as it is served (the play page's frame policy); the identity when absent. */
export type ServePage = (path: string, body: Buffer) => Promise<Buffer>;

export function createStaticSite(distDir: string, servePage: ServePage = async (_path, body) => body) {
  const root = normalize(distDir + sep);

  async function readSiteFile(path: string): Promise<Buffer | undefined> {
    const full = normalize(join(root, path));
    if (!full.startsWith(root)) return undefined; // `..` must never leave dist/
    try {
      if (!(await stat(full)).isFile()) return undefined;
      return await readFile(full);
    } catch {
      return undefined;
    }
  }

  function respond(c: Context, path: string, body: Buffer, status: 200 | 404 | 500) {
    c.header('Content-Type', MIME_TYPES[extname(path)] ?? 'application/octet-stream');
    c.header('Cache-Control', status === 200 ? cacheControlFor(path) : 'no-store');
    return c.req.method === 'HEAD' ? c.body(null, status) : c.body(new Uint8Array(body), status);
  }

  /** The localized error screen, from `dist/<locale>/404.html` (English at the root). */
  async function errorPage(c: Context, code: 404 | 500) {
    const locale = localeOfPath(c.req.path);
    const path = locale === DEFAULT_LOCALE ? `/${code}.html` : `/${locale}/${code}.html`;
    const body = await readSiteFile(path);
    if (body) return respond(c, path, body, code);
    return c.text(code === 404 ? 'Not found' : 'Server error', code);
  }

  async function serve(c: Context) {
    let pathname: string;
    try {
      pathname = decodeURIComponent(c.req.path);
    } catch {
      return errorPage(c, 404); // malformed percent-encoding
    }
    if (pathname.includes('\0')) return errorPage(c, 404);
    for (const path of candidateFiles(pathname)) {
      const body = await readSiteFile(path);
      // The error screens exist as files, but asking for one is still not a success.
      const status = /\/(404|500)\.html$/.exec(path)?.[1];
      if (body) return respond(c, path, await servePage(path, body), status ? (Number(status) as 404 | 500) : 200);
    }
    return errorPage(c, 404);
  }

  return { serve, errorPage };
}
