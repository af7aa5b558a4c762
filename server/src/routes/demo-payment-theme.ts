import { createHash } from 'node:crypto';
import { raw } from 'hono/html';

/**
 * The demo payment page's colour mode. The site sends the mode it shows (`?theme=light|dark`),
 * because the player's choice lives in the site's localStorage, which this page cannot read.
 * Without it the page follows the operating system, as before. Each variant is a fixed
 * stylesheet with its own CSP hash, so the page's CSP stays free of 'unsafe-inline'.
 */
const DARK =
  'body{background:#17130c;color:#f3ead9}main{background:#241d12}dt{color:#cdbd9f}' +
  '.confirm{background:#ffc56b;color:#17130c;border-color:#ffc56b}' +
  '.cancel{background:#241d12;color:#ffc56b;border-color:#ffc56b}a{color:#ffc56b}' +
  'button:focus-visible,a:focus-visible{outline-color:#f3ead9}';

export type PaymentTheme = 'light' | 'dark' | 'system';

const VARIANTS: Record<PaymentTheme, { scheme: string; css: string }> = {
  system: { scheme: 'light dark', css: `@media (prefers-color-scheme:dark){${DARK}}` },
  light: { scheme: 'light', css: '' },
  dark: { scheme: 'dark', css: DARK },
};

const hashOf = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

/** The theme a request asks for; anything unknown follows the operating system. */
export function pickTheme(query: string | undefined): PaymentTheme {
  return query === 'light' || query === 'dark' ? query : 'system';
}

/** The `<head>` markup and the CSP style source for one theme. */
export function themeHead(theme: PaymentTheme) {
  const { scheme, css } = VARIANTS[theme];
  return {
    head: raw(`<meta name="color-scheme" content="${scheme}">${css ? `<style>${css}</style>` : ''}`),
    styleSrc: css ? hashOf(css) : '',
  };
}
