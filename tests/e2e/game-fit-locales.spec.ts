// What the game pages must show, in English, Japanese and Hindi: every mechanic of the
// catalogue played by keyboard at 360×640 and 1280×720 with its button and result in view and
// nothing scrolled, focus back on the action button, the outcome's exact words in the live region;
// rounds forced (by a client seed the shared engine proves) to pay at or below the stake are never
// called or celebrated as wins; axe in light and dark at 360 px; /play's CLS signed out and in.
import AxeBuilder from '@axe-core/playwright';
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { toCents } from '../../core/api/money';
import { withFairRandom } from '../../core/games/fairness';
import type { GameMechanic, GameSessionState, RoundView } from '../../core/games/protocol';
import { pocketColour } from '../../core/games/roulette';
import { checkBet, resolveBet } from '../../core/games/round';
import { interpolate } from '../../core/i18n/interpolate';
import { LOCALE_INTL, type Locale } from '../../core/i18n/locales.ts';
import { formatMoney } from '../../core/i18n/money-format';
import { TEST_GAME_SEEDS_PATH } from '../../scripts/test-hooks.ts';
import enGames from '../../locales/en/games.json' with { type: 'json' };
import jaGames from '../../locales/ja/games.json' with { type: 'json' };
import hiGames from '../../locales/hi/games.json' with { type: 'json' };
import enSteps from '../../locales/en/game_steps.json' with { type: 'json' };
import jaSteps from '../../locales/ja/game_steps.json' with { type: 'json' };
import hiSteps from '../../locales/hi/game_steps.json' with { type: 'json' };
import { playCls } from './play-cls';
import { standUntilSettled } from './helpers';

/** One seeded game per mechanic that /play frames (server/src/db/seed.ts). */
const GAMES: [GameMechanic, string][] = [
  ['dice', 'dice'],
  ['roulette', 'european-roulette'],
  ['slot', 'amber-fortune'],
  ['baccarat', 'baccarat-royale'],
  ['blackjack', 'blackjack'],
  ['mines', 'mines'],
  ['limbo', 'limbo'],
  ['keno', 'keno'],
  // Not crash: while the shared room runs, /play?game=crash shows the room instead of a frame
  // (crash-room.spec.ts checks it in ja at 360 px; multi-step-games and game-visuals the title's page).
];
const LOCALES = ['en', 'ja', 'hi'] as const satisfies readonly Locale[];
type TestLocale = (typeof LOCALES)[number];
const MESSAGES = {
  en: { games: enGames, steps: enSteps },
  ja: { games: jaGames, steps: jaSteps },
  hi: { games: hiGames, steps: hiSteps },
};
const SIZES = [
  { width: 360, height: 640 },
  { width: 1280, height: 720 },
] as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const prefix = (locale: Locale) => (locale === 'en' ? '' : `/${locale}`);

/** A message of the locale's `games` set (with the multi-step games' set under `steps`), filled in. */
function text(locale: TestLocale, key: string, params: Record<string, string | number> = {}) {
  let node: unknown = { ...MESSAGES[locale].games, steps: MESSAGES[locale].steps };
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no message ${locale}:${key}`);
  return interpolate(node, params);
}

/**
 * The exact sentence the page must put in its live region for this settled round, worked out here
 * from the locale files and the round's stake and payout (compared in cents, never as floats).
 */
function expectedAnnouncement(locale: TestLocale, mechanic: GameMechanic, round: RoundView, currency: string) {
  const money = (amount: string) => formatMoney(amount, currency, locale);
  const stake = toCents(round.stake)!;
  const paid = toCents(round.win)!;
  if (mechanic === 'blackjack' || mechanic === 'mines' || mechanic === 'crash') {
    if (paid > stake) return text(locale, 'steps.result_win', { win: money(round.win), stake: money(round.stake) });
    if (paid === stake) return text(locale, 'steps.result_push', { win: money(round.win) });
    if (paid > 0n) return text(locale, 'steps.result_partial', { win: money(round.win), stake: money(round.stake) });
    return text(locale, 'steps.result_loss');
  }
  const verdict =
    paid > stake
      ? text(locale, 'outcome.win', { win: money(round.win) })
      : paid > 0n
        ? text(locale, 'outcome.returned', { payout: money(round.win), stake: money(round.stake) })
        : text(locale, 'outcome.loss');
  const outcome = round.outcome;
  // Japanese puts no space after 。; English and Hindi put one.
  const join = (first: string, second: string) => (locale === 'ja' ? `${first}${second}` : `${first} ${second}`);
  if (outcome.type === 'dice') {
    const roll = new Intl.NumberFormat(LOCALE_INTL[locale], { minimumFractionDigits: 2 }).format(
      outcome.roll as unknown as number,
    );
    return join(text(locale, 'dice.result', { roll }), verdict);
  }
  if (outcome.type === 'limbo') {
    const result = new Intl.NumberFormat(LOCALE_INTL[locale], { minimumFractionDigits: 2 }).format(
      Number(outcome.result),
    );
    return join(text(locale, 'limbo.result', { result }), verdict);
  }
  if (outcome.type === 'keno')
    return join(text(locale, 'keno.result', { hits: outcome.hits, drawn: outcome.drawn.join(', ') }), verdict);
  if (outcome.type === 'roulette') {
    return join(
      text(locale, 'roulette.result', {
        pocket: outcome.pocket,
        colour: text(locale, `roulette.colours.${pocketColour(outcome.pocket)}`),
      }),
      verdict,
    );
  }
  if (outcome.type === 'baccarat') {
    return join(
      text(locale, 'baccarat.result', {
        player: outcome.player_total,
        banker: outcome.banker_total,
        winner: text(locale, `baccarat.winner.${outcome.winner}`),
      }),
      verdict,
    );
  }
  // The slot lists its lines on the board; its live region says the verdict only.
  return verdict;
}

/** Launches the demo from /play with the keyboard; answers the game frame and its session id. */
async function launchDemo(page: Page, gameId: string, locale: Locale) {
  await page.goto(`${prefix(locale)}/play?game=${gameId}`);
  const demo = page.locator('[data-launch=demo]');
  await expect(demo).toBeVisible();
  await demo.focus();
  await page.keyboard.press('Enter');
  const frame = page.frameLocator('[data-play-frame]');
  await frame.locator('[data-action-button]').waitFor();
  const src = (await page.locator('[data-play-frame]').getAttribute('src'))!;
  return { frame, sessionId: new URL(src).pathname.split('/').pop()! };
}

/** The game page's own window (to read its scroll position). */
const gameWindow = (page: Page) => page.frames().find((candidate) => candidate.url().includes('/demo-games/play/'))!;

/**
 * One round with the keyboard only, with the defaults the page offers (stake, bet, target): the
 * action button, then the round's own buttons where the game has steps. Answers once settled.
 */
async function playRound(frame: FrameLocator, mechanic: GameMechanic) {
  const action = frame.locator('[data-action-button]');
  const settled = frame.locator('[data-result][data-outcome]');
  await action.focus();
  await action.press('Enter');
  if (mechanic === 'blackjack') await standUntilSettled(frame, settled);
  if (mechanic === 'mines') {
    // Focus lands on the grid; reveal the focused cell, then cash out if it was safe.
    const cell = frame.locator('[data-cell]:focus');
    await expect(cell).toHaveCount(1);
    await cell.press('Enter');
    const cashout = frame.locator('[data-action=cashout]');
    await expect(settled.or(cashout).first()).toBeVisible();
    if (!(await settled.isVisible())) await cashout.press('Enter');
  }
  if (mechanic === 'crash') {
    // Focus lands on "cash out now" while the multiplier rises (unless it crashed at once).
    const cashout = frame.locator('[data-action=cashout]');
    await expect(settled.or(cashout).first()).toBeVisible();
    if (!(await settled.isVisible())) await cashout.press('Enter', { timeout: 2_000 }).catch(() => undefined);
  }
  await expect(settled).toBeVisible({ timeout: 15_000 });
}

/** The element's box lies wholly inside the page's viewport (frame contents come in page coordinates). */
async function expectInViewport(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize()!;
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right`).toBeLessThanOrEqual(width + 0.5);
  expect(box!.y + box!.height, `${what}: bottom`).toBeLessThanOrEqual(height + 0.5);
}

/** The session as the provider's API has it (its newest settled round first). */
async function sessionState(page: Page, sessionId: string) {
  const response = await page.request.get(`/demo-games/api/sessions/${sessionId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as GameSessionState;
}

const axeViolations = async (page: Page, what: string) =>
  (await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations.map(
    (v) => `${what} ${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`,
  );

test.describe('every game, by keyboard, in view', () => {
  // The full animations are covered in English by game-fit.spec.ts; here they are fades, so the
  // 42 rounds stay quick. The layout they end on is the same.
  test.use({ reducedMotion: 'reduce' });
  for (const size of SIZES) {
    for (const [index, locale] of LOCALES.entries()) {
      // Light and dark alternate over the matrix: at 360 px every game page is checked by axe in
      // light (en) and dark (ja, hi) mode.
      const mode = (index === 0) === (size.width === 360) ? 'light' : 'dark';
      test(
        `${locale} ${size.width}×${size.height} ${mode}: a keyboard round keeps its button focused, ` +
          'button and result in view, no scroll, exact outcome announced',
        async ({ page }) => {
          test.setTimeout(240_000);
          await page.setViewportSize(size);
          await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
          for (const [mechanic, gameId] of GAMES) {
            const { frame, sessionId } = await launchDemo(page, gameId, locale);
            await expect(frame.locator('html')).toHaveAttribute('lang', locale);
            // The bar shows the game's whole name, on a phone too (issue 38, item 15).
            const barName = page.locator('.play__bar-title');
            await expect(barName).not.toBeEmpty();
            expect(await barName.evaluate((bar) => bar.scrollWidth <= bar.clientWidth), `${mechanic}: name cut`).toBe(
              true,
            );
            await playRound(frame, mechanic);

            const action = frame.locator('[data-action-button]');
            const result = frame.locator('[data-result]');
            // The board shows what is announced: every card dealt is fully drawn once the result is there;
            // with reduced motion the cards fade in together, none waits (staggered) past the announcement.
            const cards = await frame.locator('[data-card]').evaluateAll((nodes) =>
              nodes.map((card) => ({
                card: card.getAttribute('data-card'),
                opacity: getComputedStyle(card).opacity,
                delay: getComputedStyle(card).animationDelay,
              })),
            );
            expect(
              cards.filter(({ opacity, delay }) => opacity !== '1' || !/^0m?s$/.test(delay)),
              `${mechanic}: cards not drawn in full when the result is announced`,
            ).toEqual([]);
            // Focus is back on the action button (inside the frame), so Enter or Space plays again.
            await expect(action, `${mechanic}: focus`).toBeFocused();
            expect(
              await page.evaluate(() => document.activeElement?.hasAttribute('data-play-frame')),
              `${mechanic}: the page's focus is the game frame`,
            ).toBe(true);
            // In view without any scrolling: neither the page nor the game page has moved.
            await expectInViewport(page, action, `${mechanic} action button`);
            await expectInViewport(page, result, `${mechanic} result`);
            const pageScroll = await page.evaluate(() => ({
              top: scrollY,
              left: scrollX,
              height: document.documentElement.scrollHeight,
              view: innerHeight,
            }));
            expect(pageScroll.top, `${mechanic}: the page did not scroll`).toBe(0);
            expect(pageScroll.left, `${mechanic}: the page did not scroll sideways`).toBe(0);
            expect(pageScroll.height, `${mechanic}: the page has nothing to scroll`).toBeLessThanOrEqual(
              pageScroll.view,
            );
            const frameScroll = await gameWindow(page).evaluate(() => ({
              top: scrollY,
              left: scrollX,
              width: document.documentElement.scrollWidth,
              view: innerWidth,
            }));
            expect(frameScroll.top, `${mechanic}: the game page did not scroll`).toBe(0);
            expect(frameScroll.left, `${mechanic}: the game page did not scroll sideways`).toBe(0);
            expect(frameScroll.width, `${mechanic}: nothing overflows the game page sideways`).toBeLessThanOrEqual(
              frameScroll.view,
            );

            // The live region announces the round in the session's language, word for word.
            await expect(result).toHaveAttribute('role', 'status');
            await expect(result).toHaveAttribute('aria-live', 'polite');
            const state = await sessionState(page, sessionId);
            expect(state.rounds, `${mechanic}: one settled round`).toHaveLength(1);
            await expect(result, `${mechanic}: announcement`).toHaveText(
              expectedAnnouncement(locale, mechanic, state.rounds[0]!, state.currency),
              { useInnerText: true },
            );

            if (size.width === 360) {
              await page.screenshot({
                path: test.info().outputPath(`${locale}-${mechanic}-${size.width}-${mode}.png`),
              });
              // Checked with the game page scrolled to its end, as a player reaches the bet form: the
              // action bar (result, button, session bar) sticks over the form's last controls at the top,
              // by as much as its result's length, so axe would measure them as partly hidden by chance.
              await gameWindow(page).evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
              expect(await axeViolations(page, `${locale} ${mode} ${mechanic}`)).toEqual([]);
            }
          }
        },
      );
    }
  }
});

/**
 * A client seed for which the committed next server seed draws, with the shared engine, a slot
 * round at nonce 1 that pays something but no more than the stake, then one at nonce 2 that pays nothing.
 */
async function seedForReturnThenLoss(nextServerSeed: string, gameId: string, amount: string) {
  const checked = checkBet('slot', { type: 'slot', amount }, gameId);
  if ('problem' in checked) throw new Error(checked.problem);
  const draw = (clientSeed: string, nonce: number) =>
    withFairRandom({ serverSeed: nextServerSeed, clientSeed, nonce }, (random) => resolveBet(checked.bet, random));
  for (let attempt = 0; attempt < 5_000; attempt++) {
    const clientSeed = `no-win-${attempt}`;
    const first = await draw(clientSeed, 1);
    const paid = toCents(first.win)!;
    if (paid === 0n || paid > toCents(amount)!) continue;
    if (toCents((await draw(clientSeed, 2)).win)! === 0n) return { clientSeed, first };
  }
  throw new Error('no client seed draws a return then a loss');
}

for (const locale of LOCALES) {
  test(
    `${locale}: slot rounds forced to pay at most the stake, or nothing, ` + 'are never worded or celebrated as wins',
    async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 640 });
      const gameId = 'amber-fortune';
      const { frame, sessionId } = await launchDemo(page, gameId, locale);
      // The committed next server seed (its hash is public, the seed is not: a test-only route).
      const seeds = await page.request.get(`${TEST_GAME_SEEDS_PATH}/${sessionId}`);
      expect(seeds.status()).toBe(200);
      const { next_server_seed: nextSeed } = (await seeds.json()) as { next_server_seed: string };
      const stake = (await frame.locator('input[name=stake]').inputValue()).replace(',', '.');
      expect(stake).toBe('1.00');
      const { clientSeed, first } = await seedForReturnThenLoss(nextSeed, gameId, stake);

      // The player's own client seed, through the page's seed rotation, by keyboard.
      const seedInput = frame.locator('input[name=client_seed]');
      await seedInput.focus();
      await seedInput.press('ControlOrMeta+a');
      await seedInput.pressSequentially(clientSeed);
      await seedInput.press('Enter');
      await expect(frame.getByText(text(locale, 'fairness.rotated'), { exact: true })).toBeVisible();

      const { currency } = await sessionState(page, sessionId);
      const money = (amount: string) => formatMoney(amount, currency, locale);
      const action = frame.locator('[data-action-button]');
      const result = frame.locator('[data-result]');
      const board = frame.locator('.board');
      // The win sentence with any amount ("You win …."; "…の当たりです。"): never shown for these rounds.
      const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const winSentence = new RegExp(text(locale, 'outcome.win').split('{win}').map(escape).join('[^\\n]+?'));
      expect(text(locale, 'outcome.win', { win: money('2.40') }), 'the check would catch a win sentence').toMatch(
        winSentence,
      );
      const expectNoWinWording = async () => {
        expect(await frame.locator('body').innerText(), 'no win sentence on the game page').not.toMatch(winSentence);
        expect(await page.locator('body').innerText(), 'no win sentence on /play').not.toMatch(winSentence);
        await expect(frame.locator('.result[data-outcome=win], [data-celebrate]')).toHaveCount(0);
        await expect(board).not.toHaveAttribute('data-celebrate');
      };

      await action.press('Enter');
      await expect(result).toHaveAttribute('data-outcome', 'return');
      await expect(result).toHaveText(
        text(locale, 'outcome.returned', { payout: money(first.win), stake: money(stake) }),
      );
      await expectNoWinWording();
      // The round played is the one the engine computed: its lines are on the board, paying less than the stake.
      const round = (await sessionState(page, sessionId)).rounds[0]!;
      expect(round.client_seed).toBe(clientSeed);
      expect(round.nonce).toBe(1);
      expect(round.win).toBe(first.win);

      await expect(action).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(result).toHaveAttribute('data-outcome', 'loss');
      await expect(result).toHaveText(text(locale, 'outcome.loss'));
      await expectNoWinWording();
      expect((await sessionState(page, sessionId)).rounds[0]!.win).toBe('0.00');
    },
  );
}

test('/play CLS at 360 px stays within 0.02 signed out and signed in', async ({ page, signedInPlayer }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  const signedOut = await playCls(page);
  test.info().annotations.push({ type: 'CLS signed out', description: signedOut.toFixed(4) });
  expect(signedOut, 'signed out').toBeLessThanOrEqual(0.02);
  await expect(page.locator('[data-play-modes] [data-open-auth=sign-in]')).toBeVisible();

  await signedInPlayer({ prefix: 'fit' });
  const signedIn = await playCls(page);
  test.info().annotations.push({ type: 'CLS signed in', description: signedIn.toFixed(4) });
  expect(signedIn, 'signed in').toBeLessThanOrEqual(0.02);
  await expect(page.locator('[data-launch=real]')).toBeVisible();
});
