import { expect, test } from '@playwright/test';
import { REMOTE } from './deploy-target';
import { waitForClientScript } from './helpers';
import { RULES } from './readme-rules';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

// The `@deploy` tests also check a deployment (`npm run test:deploy`).
test.describe('root redirect', { tag: '@deploy' }, () => {
  test('a visitor whose cookie names another locale lands on its home page', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: baseURL! }]);
    await page.goto('/');
    await expect(page, RULES.rootRedirect).toHaveURL(/\/de\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('a cookie set to English keeps the visitor on the root', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: baseURL! }]);
    await page.goto('/', { waitUntil: 'load' });
    await expect(page, RULES.rootRedirect).toHaveURL(new URL('/', baseURL).href);
  });

  test('only the root redirects: other pages stay in the locale of their URL', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: baseURL! }]);
    await page.goto('/faq', { waitUntil: 'load' });
    await expect(page, RULES.rootRedirect).toHaveURL(/\/faq$/);
    await page.goto('/ru/', { waitUntil: 'load' });
    await expect(page, RULES.rootRedirect).toHaveURL(/\/ru\/$/);
  });
});

test.describe('first visit, by browser language', { tag: '@deploy' }, () => {
  test.use({ locale: 'ja-JP' });

  test('goes to the matching locale and sets a year-long Lax cookie on /', async ({ page, context }) => {
    const before = Date.now() / 1000;
    await page.goto('/');
    await expect(page, RULES.rootRedirect).toHaveURL(/\/ja\/$/);
    const [cookie] = (await context.cookies()).filter((c) => c.name === 'i18n_redirected');
    expect(cookie, RULES.rootRedirect).toMatchObject({ value: 'ja', path: '/', httpOnly: false });
    // A deployment whose API is elsewhere builds with PUBLIC_COOKIE_CROSS_ORIGIN (SameSite=None; Secure).
    if (!REMOTE) expect(cookie).toMatchObject({ sameSite: 'Lax', secure: false });
    expect(cookie!.expires).toBeGreaterThan(before + YEAR_SECONDS - 60);
    expect(cookie!.expires).toBeLessThan(before + YEAR_SECONDS + 60);
  });
});

test.describe('first visit, regional browser language', { tag: '@deploy' }, () => {
  test.use({ locale: 'pt-BR' });

  test('matches on the language part of the tag', async ({ page }) => {
    await page.goto('/');
    await expect(page, RULES.rootRedirect).toHaveURL(/\/pt\/$/);
  });
});

test.describe('first visit, unsupported browser language', { tag: '@deploy' }, () => {
  test.use({ locale: 'sv-SE' });

  test('falls back to English at the root and remembers it', async ({ page, context, baseURL }) => {
    await page.goto('/', { waitUntil: 'load' });
    await expect(page, RULES.rootRedirect).toHaveURL(new URL('/', baseURL).href);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('en');
  });
});

test('the language switcher keeps the page and remembers the choice', async ({ page, context }) => {
  await page.goto('/ru/faq?from=test#top');
  await waitForClientScript(page);
  await page.locator('[data-language-switcher] summary').click();
  await page.locator('[data-language-switcher] a[hreflang="de"]').click();
  await expect(page).toHaveURL(/\/de\/faq\?from=test#top$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
  expect(cookie?.value).toBe('de');

  // The remembered choice now drives the root.
  await page.goto('/');
  await expect(page).toHaveURL(/\/de\/$/);
});

test('the language switcher works by keyboard and closes on Escape', async ({ page }) => {
  await page.goto('/profile/history');
  await waitForClientScript(page);
  const summary = page.locator('[data-language-switcher] summary');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-language-switcher]')).toHaveAttribute('open', '');
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-language-switcher]')).not.toHaveAttribute('open', '');
  await expect(summary).toBeFocused();
  await page.keyboard.press('Enter');
  await page.locator('[data-language-switcher] a[hreflang="ko"]').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ko\/profile\/history$/);
});
