import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { html, raw } from 'hono/html';
import type { AppEnv } from '../app-env.ts';
import type { Locale } from '../i18n.ts';

const hashes = new Map<string, string>();
/** The CSP source that allows exactly this `<style>` text. */
export function styleHash(css: string): string {
  let hash = hashes.get(css);
  if (!hash) {
    hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    hashes.set(css, hash);
  }
  return hash;
}

/**
 * A standalone page the API serves itself (the demo payment page, the email-change link's page):
 * no script, its one inline style allowed by hash, forms only to `formAction`, never framed or
 * stored. The `<style>` is written as one string, so the hashed text is exactly the element's
 * text (a formatter reflowing the template would add whitespace the hash does not cover).
 */
export function plainPage(
  c: Context<AppEnv>,
  page: {
    status: 200 | 403 | 404;
    locale: Locale;
    title: string;
    css: string;
    /** More `style-src` sources (a theme's own hashed style). */
    styleSrc?: string;
    formAction: string;
    head?: unknown;
    body: unknown;
  },
) {
  const styleSrc = [styleHash(page.css), page.styleSrc].filter(Boolean).join(' ');
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src ${styleSrc}; form-action ${page.formAction}; ` +
      "base-uri 'none'; frame-ancestors 'none'",
  );
  c.header('Cache-Control', 'no-store');
  return c.html(
    html`<!doctype html><html lang="${page.locale}"><head><meta charset="utf-8">\
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${page.title} · AmberPlay</title>${raw(`<style>${page.css}</style>`)}\
${page.head ?? ''}</head>
<body><main>${page.body}</main></body></html>`,
    page.status,
  );
}
