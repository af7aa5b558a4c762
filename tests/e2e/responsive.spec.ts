import { ROUTES } from '../../core/i18n/locales.ts';
import { expect, test } from '@playwright/test';
import { waitForClientScript } from './helpers';

const PAGES = [
  '/',
  '/hi/faq',
  '/de/responsible_gaming',
  '/tl/profile/affiliate_program',
  '/ru/profile/notification',
  '/ja/nope',
];

for (const width of [320, 768, 1280]) {
  test(`no page scrolls sideways at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of PAGES) {
      await page.goto(path);
      await waitForClientScript(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
    }
  });
}

test('the profile navigation lists every profile section and marks the current one', async ({ page }) => {
  await page.goto('/ko/profile/withdrawal');
  const nav = page.locator('.profile-nav');
  await expect(nav.getByRole('link')).toHaveCount(ROUTES.filter((route) => route.startsWith('/profile')).length);
  const current = nav.locator('[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAttribute('href', '/ko/profile/withdrawal');
});

test('the main navigation marks the current page', async ({ page }) => {
  await page.goto('/es/rules');
  const current = page.getByRole('navigation').first().locator('[aria-current="page"]');
  await expect(current).toHaveAttribute('href', '/es/rules');
});
