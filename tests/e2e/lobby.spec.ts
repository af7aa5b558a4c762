import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Locale } from '../../core/i18n/locales.ts';
import { expect, signInContext, test } from './fixtures';
import { apiToken, waitForClientScript } from './helpers';

/**
 * The lobby: most popular, search, chips, favourites, recently played and the header's money and
 * sign-up buttons, in English, Japanese and Hindi on a phone and a desktop.
 */
const LOCALES = ['en', 'ja', 'hi'] as const satisfies readonly Locale[];
const WIDTHS = [360, 1280] as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const prefix = (locale: Locale) => (locale === 'en' ? '' : `/${locale}`);
/** Each locale's "slots" chip text, typed into the search in that locale's own script. */
const SLOTS_WORD: Record<(typeof LOCALES)[number], string> = { en: 'slots', ja: 'スロット', hi: 'स्लॉट' };
/** The game type "roulette" as a player types it in each locale (the Hindi one unfinished). */
const ROULETTE_WORD: Record<(typeof LOCALES)[number], string> = { en: 'roulette', ja: 'ルーレット', hi: 'रूले' };

const tiles = (page: Page) => page.locator('[data-catalogue] > li:visible');
const tileNames = (page: Page) => tiles(page).locator('h3');

/** A fresh activated player with money, signed in by cookie in this page's context. */
const LOBBY_PLAYER = { prefix: 'lobby', deposit: '50.00' };

for (const locale of LOCALES) {
  for (const width of WIDTHS) {
    test.describe(`${locale} at ${width} px`, () => {
      test.use({ viewport: { width, height: 800 } });

      test(
        'signed out: Sign up/Sign in in the header; ' +
          'search narrows tiles, survives reload and back, combines with a chip',
        async ({ page }) => {
          test.setTimeout(90_000);
          const home = `${prefix(locale)}/`;
          const ranking = page.waitForResponse((response) => response.url().endsWith('/gmnggate/most_popular'));
          await page.goto(home);
          await waitForClientScript(page);
          // "Most popular" is the API's ranking of the week, in its order, and nothing before it comes.
          const popular = (await (await ranking).json()) as { name: string }[];
          expect(popular).toHaveLength(12);
          await expect(page.locator('[data-lobby-popular] h3')).toHaveText(popular.map((game) => game.name));
          await expect(page.locator('[data-lobby-popular]')).toHaveAttribute('aria-busy', 'false');
          const header = page.locator('.site-header__session');
          await expect(header.locator('a[href="#sign-up"]')).toBeVisible();
          await expect(header.locator('a[href="#sign-in"]')).toBeVisible();
          // …without opening the menu.
          if (width < 1024) await expect(page.locator('[data-menu-toggle]')).toHaveAttribute('aria-expanded', 'false');
          await expect(tiles(page)).toHaveCount(15);

          // Search as you type: case- and accent-insensitive, name or provider; the query goes in the URL.
          const search = page.locator('[data-search]');
          await search.fill('DRÁGON');
          await expect(tileNames(page)).toHaveText(['Dragon Gold']);
          await expect(page).toHaveURL(/[?&]q=DR%C3%81GON/);
          await search.fill('velvet');
          await expect(tileNames(page)).toHaveText(['French Roulette', 'Baccarat Royale']);
          await page.reload();
          await expect(search).toHaveValue('velvet');
          await expect(tileNames(page)).toHaveText(['French Roulette', 'Baccarat Royale']);

          // The category's name in the page's own script finds its games.
          await search.fill(SLOTS_WORD[locale]);
          await expect(tiles(page)).toHaveCount(6);
          // …and so does the game type's name, and a word with one typo.
          await search.fill(ROULETTE_WORD[locale]);
          await expect(tileNames(page)).toHaveText(['French Roulette', 'European Roulette']);
          await search.fill('blakjack');
          await expect(tileNames(page)).toHaveText(['Blackjack']);

          // A chip and the search together, both in the URL; a chip pressed is one step of history.
          await search.fill('gold');
          await page.locator('[data-chips=category] [data-value=table]').click();
          await expect(page.locator('[data-no-match]')).toBeVisible();
          await expect(tiles(page)).toHaveCount(0);
          await page.locator('[data-chips=category] [data-value=slots]').click();
          await expect(tileNames(page)).toHaveText(['Dragon Gold']);
          await expect(page).toHaveURL(/category=slots/);
          await page.goBack();
          await expect(page.locator('[data-chips=category] [data-value=table]')).toHaveAttribute(
            'aria-pressed',
            'true',
          );
          await expect(tiles(page)).toHaveCount(0);
          await page.locator('[data-clear-all]').click();
          await expect(tiles(page)).toHaveCount(15);
          await expect(search).toHaveValue('');
          // "Card games" spans the table category: the games dealt from cards.
          await page.locator('[data-chips=category] [data-value=cards]').click();
          await expect(tileNames(page)).toHaveText(['Blackjack', 'Baccarat Royale']);
          await page.locator('[data-chips=category] [data-value=""]').click();
          await expect(tiles(page)).toHaveCount(15);

          // Search, open a game, come back: the search is restored.
          await search.fill('mines');
          await page.locator('[data-clear-search]').click();
          await expect(search).toHaveValue('');
          await expect(search).toBeFocused();
          await search.pressSequentially('min');
          await expect(tileNames(page)).toHaveText(['Mines']);
          await tiles(page).first().locator('a').click();
          await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/play\\?game=mines$`));
          await page.goBack();
          await expect(search).toHaveValue('min');
          await expect(tileNames(page)).toHaveText(['Mines']);

          // Signed out, a star offers sign-in.
          await tiles(page).first().locator('[data-favourite-star]').click();
          await expect(page.locator('dialog[open]')).toBeVisible();
        },
      );

      test(
        'signed in: Deposit in the header, a /play favourite first at home and in another browser, ' +
          'recently played',
        async ({ page, request, browser, signedInPlayer }) => {
          test.setTimeout(120_000);
          const player = await signedInPlayer(LOBBY_PLAYER);

          // A favourite starred on /play.
          await page.goto(`${prefix(locale)}/play?game=crash`);
          await waitForClientScript(page);
          const star = page.locator('[data-play-star] [data-favourite-star]');
          await expect(star).toHaveAttribute('aria-pressed', 'false');
          const saved = page.waitForResponse(
            (response) =>
              response.url().endsWith('/api/user/favourites/crash') && response.request().method() === 'PUT',
          );
          await star.click();
          expect((await saved).status()).toBe(204);
          await expect(star).toHaveAttribute('aria-pressed', 'true');

          // Launching a game for real: it becomes the most recently played.
          await page.goto(`${prefix(locale)}/play?game=dice`);
          await page.locator('[data-launch=real]').click();
          await expect(page.locator('[data-play-frame]')).toHaveAttribute('src', /\/demo-games\/play\//);

          await page.goto(`${prefix(locale)}/`);
          await page.reload();
          const favourites = page.locator('[data-lobby-favourites]');
          const recent = page.locator('[data-lobby-recent]');
          // The favourites row is the page's first lobby row; recently played follows it.
          await expect(page.locator('[data-lobby] > section:visible').first()).toHaveAttribute(
            'data-lobby-favourites',
            '',
          );
          await expect(favourites.locator('li h3')).toHaveText(['Crash']);
          await expect(favourites.locator('[data-favourite-star]')).toHaveAttribute('aria-pressed', 'true');
          await expect(recent.locator('li h3').first()).toHaveText('Dice');
          await expect(page.locator('[data-catalogue] li[data-game-id=crash] [data-favourite-star]')).toHaveAttribute(
            'aria-pressed',
            'true',
          );

          // The header's Deposit button leads to the deposit page, at every width.
          const deposit = page.locator('.site-header [data-header-deposit]');
          await expect(deposit).toBeVisible();
          await deposit.click();
          await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/profile/deposit$`));

          // Another browser, the same player signed in there: the same favourite first.
          const other = await browser.newContext({ viewport: { width, height: 800 } });
          try {
            await signInContext(other, await apiToken(request, player));
            const second = await other.newPage();
            await second.goto(`${prefix(locale)}/`);
            await expect(second.locator('[data-lobby-favourites] li h3')).toHaveText(['Crash']);
            // Unstarred there, it leaves the row.
            await second.locator('[data-lobby-favourites] [data-favourite-star]').click();
            await expect(second.locator('[data-lobby-favourites] [data-row-empty]')).toBeVisible();
          } finally {
            await other.close();
          }
        },
      );
    });
  }
}

test('axe: no violations on the lobby, signed out with a search and signed in with rows, light and dark', async ({
  page,
  request,
  signedInPlayer,
}) => {
  test.setTimeout(90_000);
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode });
    await page.goto('/ja/?q=zzz');
    await waitForClientScript(page);
    await expect(page.locator('[data-no-match]')).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  }
  const { token } = await signedInPlayer(LOBBY_PLAYER);
  await request.put('/api/user/favourites/mines', { headers: { authorization: `Token ${token}` } });
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode });
    await page.goto('/hi/');
    await waitForClientScript(page);
    await expect(page.locator('[data-lobby-favourites] li h3')).toHaveText(['Mines']);
    await expect(page.locator('[data-lobby-recent] [data-row-empty]')).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  }
});

test('an open multi-step round says "continue" in recently played, and the launch continues its session', async ({
  page,
  request,
  signedInPlayer,
}) => {
  test.setTimeout(90_000);
  const { token } = await signedInPlayer(LOBBY_PLAYER);
  const launched = await request.post('/gmnggate/api', {
    headers: { authorization: `Token ${token}` },
    data: { method: 'game_launch', game_id: 'mines', mode: 'real' },
  });
  const sessionId = (await launched.json()).session_id as string;
  const opened = await request.post(`/demo-games/api/sessions/${sessionId}/rounds`, {
    data: { bet: { type: 'mines', amount: '1.00', mines: 24 } },
  });
  expect((await opened.json()).round.state).toBe('open');

  await page.goto('/');
  const tile = page.locator('[data-lobby-recent] li').first();
  await expect(tile.locator('.game-card__continue')).toHaveText('Continue');
  await expect(tile.getByRole('link', { name: 'Continue your round of Mines' })).toBeVisible();
  await tile.getByRole('link').click();
  await expect(page).toHaveURL(/\/play\?game=mines$/);
  await page.locator('[data-launch=real]').click();
  await expect(page.locator('[data-play-frame]')).toHaveAttribute('src', new RegExp(`/demo-games/play/${sessionId}`));
});

test.describe('winners on a phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });
  test('five rows, then "More winners" shows the rest', async ({ page }) => {
    await page.goto('/');
    const rows = page.locator('[data-lobby-winners] .winner:not(.winner--skeleton)');
    await expect(rows.first()).toBeVisible();
    await expect(page.locator('[data-lobby-winners] .winner:visible')).toHaveCount(5);
    const more = page.locator('[data-winners-more]');
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(await page.locator('[data-lobby-winners] .winner:visible').count()).toBe(await rows.count());
  });
});
