// The error screens and cache headers. The `@deploy` tests also check a deployment
// (`npm run test:deploy`), so their failures name the documented rule a CDN broke.
import { expect, test } from '@playwright/test';
import { RULES, expectNone } from './readme-rules';

test('an unknown English path answers 404 with the English not-found screen', { tag: '@deploy' }, async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status(), RULES.notFound).toBe(404);
  await expect(page.locator('html'), RULES.notFound).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 }), RULES.notFound).toHaveText('Page not found');
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
});

test('an unknown path under /ru/ answers 404 in Russian', { tag: '@deploy' }, async ({ page }) => {
  const response = await page.goto('/ru/no-such-page');
  expect(response?.status(), RULES.notFound).toBe(404);
  await expect(page.locator('html'), RULES.notFound).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1 }), RULES.notFound).toHaveText('Страница не найдена');
  await expect(page.locator('main a.button')).toHaveAttribute('href', '/ru/');
});

test('an unknown path under /ja/ answers 404 in Japanese', { tag: '@deploy' }, async ({ page }) => {
  const response = await page.goto('/ja/profile/unknown');
  expect(response?.status(), RULES.notFound).toBe(404);
  await expect(page.locator('html'), RULES.notFound).toHaveAttribute('lang', 'ja');
  await expect(page.locator('title')).not.toHaveText(/Page not found/);
});

test('the server-error screens exist per locale and say so with status 500', async ({ request }) => {
  const response = await request.get('/de/500');
  expect(response.status()).toBe(500);
  expect(await response.text()).toContain('<html lang="de"');
});

test(
  'HTML is never cached stale; hashed assets are cached for a year',
  { tag: '@deploy' },
  async ({ request, page }) => {
    const stale: string[] = [];
    for (const path of ['/faq', '/ru/', '/builds/latest.json']) {
      const header = (await request.get(path)).headers()['cache-control'];
      if (header !== 'no-cache') stale.push(`${path}: Cache-Control ${header ? `is "${header}"` : 'missing'}`);
    }
    expectNone(stale, RULES.noCache);

    const assets: string[] = [];
    page.on(
      'response',
      (r) =>
        r.url().includes('/_astro/') &&
        assets.push(`${new URL(r.url()).pathname}: ${r.headers()['cache-control'] ?? 'no Cache-Control'}`),
    );
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(assets.length, 'the home page loads files from /_astro/').toBeGreaterThan(0);
    expectNone(
      assets.filter((asset) => !asset.endsWith(': public, max-age=31536000, immutable')),
      RULES.immutableAssets,
    );
  },
);
