import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { html, raw } from 'hono/html';
import type { AppEnv } from '../app-env.ts';
import type { Locale } from '../base/i18n.ts';

const hashes = new Map<string, string>();
/** The CSP source that allows exactly this inline `<style>` or `<script>` text. */
export function inlineHash(text: string): string {
  let hash = hashes.get(text);
  if (!hash) {
    hash = `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    hashes.set(text, hash);
  }
  return hash;
}

/**
 * A standalone page the API serves itself (the demo payment page, the email-change link's page):
 * its one inline style and at most one inline script allowed by hash, nothing else run or loaded,
 * forms only to `formAction`, never framed or stored. The `<style>` and `<script>` are written as
 * one string each, so the hashed text is exactly the element's text (a formatter reflowing the
 * template would add whitespace the hash does not cover).
 */
export function plainPage(
  c: Context<AppEnv>,
  page: {
    status: 200 | 400 | 403 | 404;
    locale: Locale;
    title: string;
    css: string;
    /** More `style-src` sources (a theme's own hashed style). */
    styleSrc?: string;
    formAction: string;
    head?: unknown;
    body: unknown;
    /** Run at the end of the body (the email-change page reads its link's fragment). */
    script?: string;
  },
) {
  const styleSrc = [inlineHash(page.css), page.styleSrc].filter(Boolean).join(' ');
  const scriptSrc = page.script ? `script-src ${inlineHash(page.script)}; ` : '';
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src ${styleSrc}; ${scriptSrc}form-action ${page.formAction}; ` +
      "base-uri 'none'; frame-ancestors 'none'",
  );
  c.header('Cache-Control', 'no-store');
  return c.html(
    html`<!doctype html><html lang="${page.locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${page.title} · AmberPlay</title>${raw(`<style>${page.css}</style>`)}
${page.head ?? ''}</head>
<body><main>${page.body}</main>${page.script ? raw(`<script>${page.script}</script>`) : ''}</body></html>`,
    page.status,
  );
}
