import { expect, test } from '@playwright/test';

test('an unknown English path answers 404 with the English not-found screen', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
});

test('an unknown path under /ru/ answers 404 in Russian', async ({ page }) => {
  const response = await page.goto('/ru/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страница не найдена');
  await expect(page.locator('main a.button')).toHaveAttribute('href', '/ru/');
});

test('an unknown path under /ja/ answers 404 in Japanese', async ({ page }) => {
  const response = await page.goto('/ja/profile/unknown');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.locator('title')).not.toHaveText(/Page not found/);
});

test('the server-error screens exist per locale and say so with status 500', async ({ request }) => {
  const response = await request.get('/de/500');
  expect(response.status()).toBe(500);
  expect(await response.text()).toContain('<html lang="de"');
});

test('HTML is never cached stale; hashed assets are cached for a year', async ({ request, page }) => {
  const htmlResponse = await request.get('/faq');
  expect(htmlResponse.headers()['cache-control']).toBe('no-cache');
  expect((await request.get('/builds/latest.json')).headers()['cache-control']).toBe('no-cache');
  const assets: string[] = [];
  page.on('response', (r) => r.url().includes('/_astro/') && assets.push(r.headers()['cache-control'] ?? ''));
  await page.goto('/faq', { waitUntil: 'networkidle' });
  expect(assets.length).toBeGreaterThan(0);
  for (const header of assets) expect(header).toBe('public, max-age=31536000, immutable');
});
