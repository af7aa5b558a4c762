// What a page costs in JavaScript before any interaction, measured in a real browser. Shared by
// `npm run bench` and the deployment check (tests/e2e/deploy.spec.ts), so both count alike.
import type { Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';

/** Budgets from docs/architecture.md, in KB of gzip. */
/** docs/architecture.md: a public page signed out ≤ 15 KB; signed in, with the API client, ≤ 18 KB. */
export const JS_BUDGET_KB = { public: 15, publicSignedIn: 18, profile: 95, game: 30 };

const REACT_MARKER = /react-dom|__REACT_DEVTOOLS_GLOBAL_HOOK__|react\.(production|development)/;
/** ofetch's error class names itself with this string, which minifying keeps: the API client is loaded. */
const API_CLIENT_MARKER = /FetchError/;

/**
 * Opens `url` in `page` and waits for the network to settle. Every script counts: external ones
 * as the browser received them (decoded, then gzipped here, so a CDN's compression does not
 * matter) and inline ones.
 */
export async function measurePageJs(page: Page, url: string) {
  const scripts: Promise<Buffer>[] = [];
  const media: Promise<number>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script') scripts.push(response.body().catch(() => Buffer.alloc(0)));
    // Images and sounds (a game page's art and effects), as transferred bodies.
    if (type === 'image' || type === 'media')
      media.push(
        response.body().then(
          (body) => body.length,
          () => 0,
        ),
      );
  });
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  const html = (await response?.body()) ?? Buffer.alloc(0);
  const inline = await page.evaluate(() => [...document.scripts].filter((s) => !s.src).map((s) => s.textContent ?? ''));
  const bodies = [...(await Promise.all(scripts)), ...inline.map((text) => Buffer.from(text))];
  return {
    html,
    scripts: bodies.length,
    jsGzip: bodies.reduce((sum, body) => sum + gzipSync(body).length, 0),
    react: bodies.some((body) => REACT_MARKER.test(body.toString())),
    apiClient: bodies.some((body) => API_CLIENT_MARKER.test(body.toString())),
    mediaBytes: (await Promise.all(media)).reduce((sum, bytes) => sum + bytes, 0),
  };
}
