// The documented rules a deployment must follow. `@deploy` tests quote them in their failure
// messages, so an operator whose CDN breaks one reads which rule and where it is explained.
// Keep each text in step with the docs section it names (tests/unit/docs-links.test.ts checks
// that each named file has that section).

import { expect } from '@playwright/test';

const rule = (section: string, text: string) => `${section}: ${text}`;
const DEPLOYING = 'docs/deploying.md › Deploying the static site';
const SITE = 'docs/site.md › How the site behaves';
const API = 'docs/api.md › The reference API';

export const RULES = {
  prettyUrls: rule(DEPLOYING, '/faq is faq.html and /ru/ is ru/index.html, answered with 200 at that very URL'),
  unchangedHtml: rule(
    DEPLOYING,
    'serve the files unchanged: every page keeps its <html lang>, its <meta> CSP and the hashes of its inline scripts',
  ),
  notFound: rule(
    DEPLOYING,
    "unknown paths must answer 404 with <locale>/404.html for the path's locale prefix (404.html for English)",
  ),
  immutableAssets: rule(DEPLOYING, '/_astro/* must be sent with Cache-Control: public, max-age=31536000, immutable'),
  noCache: rule(DEPLOYING, 'HTML and builds/* must be sent with Cache-Control: no-cache'),
  frameAncestors: rule(
    DEPLOYING,
    "send the header Content-Security-Policy: frame-ancestors 'none' (a <meta> CSP cannot forbid framing)",
  ),
  jsBudget: rule(
    DEPLOYING,
    'inject no scripts: a public page loads at most 15 KB of JavaScript (gzip) before any interaction, and no React',
  ),
  freshBuilds: rule(
    SITE,
    'Fresh builds: builds/latest.json ({id, timestamp}) and builds/meta/<id>.json must be served',
  ),
  rootRedirect: rule(
    SITE,
    "Locale: only the root / redirects, to the i18n_redirected cookie's locale or on a first visit to the " +
      'browser language',
  ),
  encryptedBodies: rule(
    API,
    'request bodies are {"e_data": "<base64>"}: the build must embed the public key of the API it talks to ' +
      '(PUBLIC_RSA_PUBLIC_KEY)',
  ),
  session: rule(
    'docs/site.md › The client session',
    'sign-in shows the player and the balance in the header; sign-out revokes the token on the API',
  ),
  crossOrigin: rule(
    'docs/configuration.md › Configuration',
    "a site on another origin than its API needs PUBLIC_API_BASE at build time and its origin in the API's " +
      'CORS_ORIGINS',
  ),
  liveStream: rule(
    'docs/deploying.md › The live stream through the proxy',
    'GET /api/stream must pass through unbuffered and uncompressed, its events within 2 s, with a read timeout ' +
      'above its 25 s heartbeat',
  ),
  registration: rule(
    API,
    'Registration: POST /auth/users/ answers 201 and the site asks the player to open the activation link ' +
      'mailed to them',
  ),
  deposit: rule(
    API,
    'Deposits: create-payment leads to the payment page, and confirming it credits exactly the amount',
  ),
} as const;

/**
 * Fails with the rule when there are problems, listing the first few (a CDN can break hundreds of
 * pages alike). Soft, so one run names every rule a deployment breaks, not only the first.
 */
export function expectNone(problems: string[], rule: string, shown = 8) {
  const message = problems.length > shown ? `${rule} (${problems.length} failures, the first ${shown} listed)` : rule;
  expect.soft(problems.slice(0, shown), message).toEqual([]);
}
