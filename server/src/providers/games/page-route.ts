import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { AppEnv, Services } from '../../app-env.ts';
import { LOCALES, type Locale } from '#core/i18n/locales.ts';
import { gamePageAssets } from './page/bundle.ts';
import { sessionLocale } from './sessions.ts';

/**
 * The demo provider's game pages: GET /demo-games/play/:sessionId?theme=light|dark, a small HTML
 * shell in the session's locale and colour mode, plus its script and style sheet from
 * /demo-games/assets/ (content-hashed). The script loads the session from the provider's JSON API
 * (core/games/protocol.ts) and builds the game. The page may be framed by the site only.
 */
const read = (locale: string, file: string) =>
  JSON.parse(readFileSync(new URL(`../../../../locales/${locale}/${file}`, import.meta.url), 'utf8'));
/** The `games` messages, with the multi-step games' own set (game_steps.json) under `steps`. */
const messages = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    {
      ...read(locale, 'games.json'),
      steps: read(locale, 'game_steps.json'),
      rules: read(locale, 'game_rules.json'),
      play: read(locale, 'game_play.json'),
    },
  ]),
) as Record<Locale, Record<string, unknown>>;

const SESSION_ID = /^[A-Za-z0-9_-]{8,128}$/;

/** JSON that is safe inside <script type="application/json">: no "</script>" can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export interface GamePageOptions {
  /**
   * The site's origin when the provider is hosted apart from it (GAME_PROVIDER_ORIGIN set): the
   * only other page that may frame a game, and the exact target of its messages. Unset, the site
   * and the provider share this server's origin, and the page uses its own.
   */
  siteOrigin?: string;
}

export function gamePageRoutes(services: Services, { siteOrigin = '' }: GamePageOptions = {}) {
  const app = new Hono<AppEnv>();
  const siteOrigins = siteOrigin ? [siteOrigin] : [];

  app.get('/demo-games/assets/:file', async (c) => {
    const { script, style } = await gamePageAssets();
    const asset = [script, style].find((candidate) => candidate.name === c.req.param('file'));
    if (!asset) return c.json({ detail: 'Not found' }, 404);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Content-Type', asset.type);
    return c.body(asset.body as Uint8Array<ArrayBuffer>);
  });

  app.get('/demo-games/play/:sessionId', async (c) => {
    const sessionId = c.req.param('sessionId');
    const stored = SESSION_ID.test(sessionId) ? await sessionLocale(services.db, sessionId) : undefined;
    const locale = stored && stored in messages ? stored : c.get('locale');
    const theme = c.req.query('theme') === 'dark' ? 'dark' : 'light';
    const { script, style } = await gamePageAssets();
    const set = messages[locale] as { loading: string };
    c.header(
      'Content-Security-Policy',
      [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "connect-src 'self'",
        "img-src 'self' data:",
        "base-uri 'none'",
        "form-action 'none'",
        `frame-ancestors 'self'${siteOrigins.map((origin) => ` ${origin}`).join('')}`,
      ].join('; '),
    );
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    const config = { sessionId, locale, siteOrigin: siteOrigins[0] ?? '', messages: messages[locale] };
    return c.html(
      html`<!doctype html><html lang="${locale}" class="${theme}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${set.loading}</title>
<link rel="stylesheet" href="/demo-games/assets/${style.name}"></head>
<body><div id="game" aria-busy="true"><p role="status">${set.loading}</p></div>
<div id="game-alert" class="alert" role="alert"></div>
<script type="application/json" id="game-config">${raw(scriptJson(config))}</script>
<script type="module" src="/demo-games/assets/${script.name}"></script></body></html>`,
    );
  });

  return app;
}
