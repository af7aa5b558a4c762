import type { Page } from '@playwright/test';
import { LOCALES, ROUTES } from '../../core/i18n/locales.ts';
import { expect, test } from './fixtures';
import { waitForClientScript } from './helpers';

/**
 * No public page scrolls sideways at 360, 768 or 1,280 px, signed out or signed in with the
 * lobby's rows full. Each route is loaded once, in a locale of its own (turn by turn through
 * the 14, so every language's long words are measured somewhere), plus the home page in Japanese
 * and Hindi, where it overflowed; the viewport is then narrowed in place.
 */
const WIDTHS = [1280, 768, 360] as const;
const PAGES = [
  ...ROUTES.map((route, index) => {
    const locale = LOCALES[index % LOCALES.length]!;
    return locale === 'en' ? route : `/${locale}${route === '/' ? '' : route}`;
  }),
  '/ja',
  '/hi',
];

async function sidewaysOverflows(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const path of PAGES) {
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    await page.goto(path);
    await waitForClientScript(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) found.push(`${path} at ${width} px: ${overflow} px too wide`);
    }
  }
  return found;
}

test('signed out, no public page scrolls sideways', async ({ page }) => {
  test.setTimeout(180_000);
  expect(await sidewaysOverflows(page)).toEqual([]);
});

test('signed in with favourites, no public page scrolls sideways', async ({ page, request, signedInPlayer }) => {
  test.setTimeout(180_000);
  const player = await signedInPlayer({ prefix: 'wide' });
  for (const game of ['baccarat-royale', 'european-roulette', 'french-roulette', 'pharaoh-riches', 'dragon-gold']) {
    const saved = await request.put(`/api/user/favourites/${game}`, {
      headers: { Authorization: `Token ${player.token}` },
    });
    expect(saved.status()).toBe(204);
  }
  expect(await sidewaysOverflows(page)).toEqual([]);
});
