import AxeBuilder from '@axe-core/playwright';
import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
import type { GameMechanic } from '../../core/games/protocol';
import { GAME_CATALOGUE } from '../../core/games/catalogue';
import type { Locale } from '../../core/i18n/locales.ts';
import jaRules from '../../locales/ja/game_rules.json' with { type: 'json' };
import { playCls } from './play-cls';
import { standUntilSettled } from './helpers';

/** One game per mechanic (server/src/db/seed.ts). */
const GAMES: Record<GameMechanic, string> = {
  dice: 'dice',
  roulette: 'european-roulette',
  slot: 'amber-fortune',
  baccarat: 'baccarat-royale',
  blackjack: 'blackjack',
  mines: 'mines',
  crash: 'crash',
  limbo: 'limbo',
  keno: 'keno',
};
/**
 * The games /play frames: every one but crash, whose /play page is the shared room while it runs
 * (crash-room.spec.ts; the single-player title's own page: multi-step-games and game-visuals).
 */
const FRAMED_ON_PLAY = (Object.entries(GAMES) as [GameMechanic, string][]).filter(([mechanic]) => mechanic !== 'crash');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const SIZES = [
  { width: 360, height: 640 },
  { width: 1280, height: 720 },
] as const;
const prefix = (locale: Locale) => (locale === 'en' ? '' : `/${locale}`);

/** Launches the demo with the keyboard and waits for the game page's bet form. */
async function launchDemo(page: Page, gameId: string, locale: Locale = 'en'): Promise<FrameLocator> {
  await page.goto(`${prefix(locale)}/play?game=${gameId}`);
  const demo = page.locator('[data-launch=demo]');
  await expect(demo).toBeVisible();
  await demo.focus();
  await demo.press('Enter');
  const frame = page.frameLocator('[data-play-frame]');
  await frame.locator('[data-action-button]').waitFor();
  return frame;
}

/** Plays one round of the mechanic with the keyboard only and waits for its outcome. */
async function playRound(frame: FrameLocator, mechanic: GameMechanic) {
  const action = frame.locator('[data-action-button]');
  // A stake every bet below takes (docs/games.md, stakes); mines keeps the stake its page opens on,
  // the least its opening mine count takes.
  if (mechanic !== 'mines') await frame.locator('input[name=stake]').fill(mechanic === 'slot' ? '1.00' : '2.00');
  if (mechanic === 'crash') await frame.locator('input[name=auto_cashout]').fill('1.01');
  await action.focus();
  await action.press('Enter');
  const settled = frame.locator('[data-result][data-outcome]');
  if (mechanic === 'blackjack') await standUntilSettled(frame, settled);
  if (mechanic === 'mines') {
    // Focus lands on the first cell; reveal it, then cash out if it was safe.
    await expect(frame.locator('[data-cell="0"]')).toBeFocused();
    await frame.locator('[data-cell="0"]').press('Enter');
    const cashout = frame.locator('[data-action=cashout]');
    await expect(settled.or(cashout)).toBeVisible();
    if (await cashout.isVisible()) await cashout.press('Enter');
  }
  await expect(settled).toBeVisible({ timeout: 15_000 });
}

/** The element's box is wholly inside the page's viewport (frame contents are given in page coordinates). */
async function expectInViewport(page: Page, locator: Locator, what: string) {
  const box = (await locator.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box, what).not.toBeNull();
  expect(box.x, `${what} left`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what} top`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} right`).toBeLessThanOrEqual(width + 0.5);
  expect(box.y + box.height, `${what} bottom`).toBeLessThanOrEqual(height + 0.5);
}

for (const size of SIZES) {
  test(
    `${size.width}×${size.height}: every game fills the window, and after a keyboard round its action button ` +
      `and result are in view without scrolling`,
    async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(size);
      for (const [mechanic, gameId] of FRAMED_ON_PLAY) {
        const frame = await launchDemo(page, gameId);
        // The site around the game is gone: one slim bar over the frame, nothing for the page to scroll.
        await expect(page.locator('.site-header')).toBeHidden();
        await expect(page.locator('.site-footer')).toBeHidden();
        const bar = (await page.locator('[data-play-bar]').boundingBox())!;
        expect(bar.y).toBe(0);
        // One row of tools; on a phone the game's name has a row of its own above them, so it is never cut.
        expect(bar.height).toBeLessThanOrEqual(size.width < 768 ? 76 : 52);
        const frameBox = (await page.locator('[data-play-frame]').boundingBox())!;
        expect(Math.round(frameBox.y + frameBox.height)).toBe(size.height);
        expect(frameBox.width).toBe(size.width);

        await playRound(frame, mechanic);
        await expectInViewport(page, frame.locator('[data-action-button]'), `${mechanic} action button`);
        await expectInViewport(page, frame.locator('[data-result]'), `${mechanic} result`);
        // Focus is on the action button after the round, so Enter plays again.
        await expect(frame.locator('[data-action-button]'), `${mechanic} focus`).toBeFocused();
        const scroll = await page.evaluate(() => ({
          top: scrollY,
          height: document.documentElement.scrollHeight,
          view: innerHeight,
        }));
        expect(scroll.top, `${mechanic}: the page did not scroll`).toBe(0);
        expect(scroll.height, `${mechanic}: the page has nothing to scroll`).toBeLessThanOrEqual(scroll.view);
        // Filling the stake scrolled the game page to it; at the game page's top, where a player
        // starts, the button and the result are in view as well (the action bar sticks to the bottom).
        await page
          .frames()
          .find((f) => f.url().includes('/demo-games/play/'))!
          .evaluate(() => scrollTo(0, 0));
        await expectInViewport(page, frame.locator('[data-action-button]'), `${mechanic} action button at the top`);
        await expectInViewport(page, frame.locator('[data-result]'), `${mechanic} result at the top`);
        await page.screenshot({ path: test.info().outputPath(`${mechanic}-${size.width}.png`) });
      }
    },
  );
}

test('the bar: exact RTP and rules in info; fairness moves to the seeds; sound off until on, remembered', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  const frame = await launchDemo(page, 'european-roulette', 'ja');
  const game = GAME_CATALOGUE.find((candidate) => candidate.id === 'european-roulette')!;
  await page.locator('[data-show-panel=info]').press('Enter');
  await expect(frame.locator('#info-title')).toBeFocused();
  await expect(frame.locator('#info-title')).toHaveText('ゲーム情報');
  await expect(frame.locator('[data-info-panel] [data-rtp]')).toHaveAttribute('data-rtp', game.rtp);
  await expect(frame.locator('[data-info-panel] [data-rtp]')).toHaveText('97.30%');
  // The /rules page's own text for this game, in the session's language.
  await expect(frame.locator('[data-rules]')).toHaveText(jaRules.rules.roulette_european);
  await expect(frame.locator('#info-title')).toBeInViewport();
  await page.locator('[data-show-panel=fairness]').press('Enter');
  await expect(frame.locator('#fair-title')).toBeFocused();
  await expect(frame.locator('#fair-title')).toBeInViewport();

  const sound = page.locator('[data-sound]');
  await expect(sound).toHaveAttribute('aria-pressed', 'false');
  await expect(frame.locator('html')).toHaveAttribute('data-sound', 'off');
  await sound.press('Enter');
  await expect(sound).toHaveAttribute('aria-pressed', 'true');
  await expect(frame.locator('html')).toHaveAttribute('data-sound', 'on');
  // Remembered: the next game starts with sound on.
  const next = await launchDemo(page, 'dice', 'ja');
  await expect(page.locator('[data-sound]')).toHaveAttribute('aria-pressed', 'true');
  await expect(next.locator('html')).toHaveAttribute('data-sound', 'on');
});

test('slot info panel: the title’s paytable, and a stake range in the session’s currency', async ({ page }) => {
  const frame = await launchDemo(page, 'dragon-gold');
  await page.locator('[data-show-panel=info]').press('Enter');
  const table = frame.locator('.paytable');
  await expect(table.locator('caption')).toHaveText(
    'Paytable in multiples of the line stake (20 lines, matching symbols from the leftmost reel)',
  );
  // Top symbol first: the dragon pays 100, 1,000 and 10,000 × the line stake.
  await expect(table.locator('tbody tr').first()).toHaveText('Dragon×100×1,000×10,000');
  await expect(frame.locator('[data-info-panel] [data-rtp]')).toHaveText('95.66%');
});

test('full screen: the button puts the stage in full screen and back', async ({ page }) => {
  await launchDemo(page, 'dice');
  const button = page.locator('[data-fullscreen]');
  test.skip(!(await page.evaluate(() => document.fullscreenEnabled)), 'no Fullscreen API in this browser');
  await expect(button).toBeVisible();
  await button.press('Enter');
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => document.fullscreenElement?.hasAttribute('data-play-stage'))).toBe(true);
  await button.press('Enter');
  await expect(button).toHaveAttribute('aria-pressed', 'false');
});

for (const width of [360, 1280]) {
  test(
    `/play CLS at ${width} px stays within 0.02 (signed out), and no stage or loading banner shows before a ` +
      `mode is chosen`,
    async ({ page }) => {
      await page.setViewportSize({ width, height: width === 360 ? 640 : 720 });
      const cls = await playCls(page);
      expect(cls).toBeLessThanOrEqual(0.02);
      await expect(page.locator('[data-play-stage]')).toBeHidden();
      await expect(page.locator('[data-play-loading]')).toBeHidden();
    },
  );
}

test('an unknown game shows no stage, no frame and no mode buttons', async ({ page }) => {
  await page.goto('/play?game=no-such-game');
  await expect(page.locator('[data-play-error]')).toBeVisible();
  await expect(page.locator('[data-play-stage]')).toBeHidden();
  await expect(page.locator('[data-play-modes]')).toBeHidden();
  await expect(page.locator('.site-header')).toBeVisible();
});

// The game pages after a round are checked by axe at 360 px in light and dark mode, inside their
// frame, by game-fit-locales.spec.ts; here the same pages with the info panel open. axe runs
// inside the frame too (AxeBuilder's default), so one run covers /play and the game page.
for (const mode of ['light', 'dark'] as const) {
  test(`axe: /play with the game open and its info panel after a round, ${mode} mode, at 360 px`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 360, height: 640 });
    await page.emulateMedia({ colorScheme: mode });
    for (const [mechanic, gameId] of FRAMED_ON_PLAY) {
      const frame = await launchDemo(page, gameId, 'hi');
      await playRound(frame, mechanic);
      await page.locator('[data-show-panel=info]').press('Enter');
      await expect(frame.locator('[data-info-panel]')).toBeVisible();
      await expect(frame.locator('html')).toHaveClass(mode);
      const onPlay = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(
        onPlay.violations.map((v) => `/play ${mechanic} ${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`),
      ).toEqual([]);
    }
  });
}
