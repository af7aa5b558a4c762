import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { toCents } from '../../core/api/money';
import type { CrashState } from '../../core/games/crash';
import type { GameBet, GameSessionState } from '../../core/games/protocol';
import { withFairRandom } from '../../core/games/fairness';
import { resolveBet } from '../../core/games/round';
import { replayOn, verifyStepRound } from '../../core/games/steps';
import type { Locale } from '../../core/i18n/locales.ts';
import { formatMoney } from '../../core/i18n/money-format';
import { openSinglePlayerCrash } from './helpers';
import { pinNextRounds } from './pinned-rounds';
import { launchRealByKeyboard } from './real-round';

// Issue 38 items 7–9: blackjack, roulette and crash tables that say what happened, at 360 px.

const messages = (locale: Locale, file: string) => JSON.parse(readFileSync(`locales/${locale}/${file}.json`, 'utf8'));
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
const SHOTS = process.env.TABLES_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** Two boxes share no area. */
async function expectApart(a: Locator, b: Locator, what: string) {
  const [one, two] = [(await a.boundingBox())!, (await b.boundingBox())!];
  const apart =
    one.x + one.width <= two.x + 0.5 ||
    two.x + two.width <= one.x + 0.5 ||
    one.y + one.height <= two.y + 0.5 ||
    two.y + two.height <= one.y + 0.5;
  expect(apart, `${what}: ${JSON.stringify(one)} / ${JSON.stringify(two)}`).toBe(true);
}

/** The next blackjack round of the session: these actions are each offered in turn, and it ends as `wanted` says. */
async function pinBlackjack(
  request: APIRequestContext,
  sessionId: string,
  actions: string[],
  wanted: (view: {
    player: { cards: string[]; total: number; doubled: boolean; stake: string; payout?: string }[];
  }) => boolean,
) {
  const bet = { type: 'blackjack', amount: '2.00' } as const;
  const recorded = actions.map((action, i) => ({ action_id: `a${i}`, action }));
  await pinNextRounds(request, sessionId, async (candidate) => {
    const pair = { ...candidate, nonce: 1 };
    for (let i = 0; i < recorded.length; i++) {
      const before = await replayOn(pair, 'blackjack', bet, recorded.slice(0, i));
      if (before.finished || !before.actions.includes(recorded[i]!.action)) return false;
    }
    const round = await verifyStepRound(pair, 'blackjack', bet, recorded);
    return round.finished && wanted(round.view as never);
  });
}

for (const locale of ['en', 'ja'] as const) {
  test.describe(`${locale}, 360 px`, () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('blackjack: named hands, blackjack, bust, push, a doubled stake, no deal button in a round', async ({
      page,
      request,
      signedInPlayer,
    }) => {
      test.setTimeout(120_000);
      await signedInPlayer({ prefix: 'hands', deposit: '50.00' });
      const t = messages(locale, 'game_steps');
      const { frame, sessionId } = await launchRealByKeyboard(page, locale, 'blackjack');
      const hand = frame.locator('[data-hand="0"]');
      const deal = frame.locator('[data-action-button]');
      const result = frame.locator('[data-result][data-outcome]');
      const stake = frame.locator('input[name=stake]');
      await stake.fill('2.00');

      // A natural: settled at the deal.
      await pinBlackjack(
        request,
        sessionId,
        [],
        ({ player }) => player[0]!.cards.length === 2 && player[0]!.total === 21 && player[0]!.payout === '5.00',
      );
      await stake.press('Enter');
      await expect(result).toBeVisible();
      await expect(frame.locator('.blackjack-board h2')).toHaveText(t.dealer);
      await expect(hand.locator('.hand-label')).toHaveText(t.you);
      await expect(hand.locator('[data-mark]')).toHaveText(t.mark_blackjack);
      await expect(hand.locator('.hand-stake')).toHaveText(
        fill(t.hand_stake, { amount: formatMoney('2.00', 'EUR', locale) }),
      );
      await shot(page, `blackjack-${locale}-natural`);

      // Doubled, then the dealer's total equals the player's: a push on the doubled stake.
      await pinBlackjack(
        request,
        sessionId,
        ['double'],
        ({ player }) => player[0]!.total <= 21 && player[0]!.payout === '4.00',
      );
      await deal.press('Enter');
      const double = frame.locator('[data-action=double]');
      await expect(double).toBeVisible();
      await expect(frame.locator('[data-action=stand]')).toBeVisible();
      // What cannot be used now is not shown: no greyed deal button beside the round's own.
      await expect(deal).toBeHidden();
      await shot(page, `blackjack-${locale}-open`);
      await double.press('Enter');
      await expect(result).toBeVisible();
      await expect(hand.locator('[data-mark]')).toHaveText(t.mark_push);
      await expect(hand.locator('.hand-stake[data-doubled]')).toHaveText(
        fill(t.stake_doubled, { amount: formatMoney('4.00', 'EUR', locale) }),
      );
      await expect(deal).toBeVisible();

      // A hit over 21.
      await pinBlackjack(request, sessionId, ['hit'], ({ player }) => player[0]!.total > 21);
      await deal.press('Enter');
      await frame.locator('[data-action=hit]').press('Enter');
      await expect(result).toBeVisible();
      await expect(hand.locator('[data-mark]')).toHaveText(t.mark_bust);
      await shot(page, `blackjack-${locale}-bust`);
    });

    test('roulette: a ball, chips beside bet names, the winning number marked, repeat on one line', async ({
      page,
      request,
      signedInPlayer,
    }) => {
      test.setTimeout(90_000);
      await signedInPlayer({ prefix: 'wheel', deposit: '50.00' });
      const { frame, sessionId } = await launchRealByKeyboard(page, locale, 'european-roulette');
      const red: GameBet = { type: 'roulette', stakes: [{ kind: 'red', amount: '1.00' }] };
      await pinNextRounds(request, sessionId, async (pair) => {
        const { outcome } = await withFairRandom({ ...pair, nonce: 1 }, (random) => resolveBet(red, random));
        return outcome.type === 'roulette' && outcome.pocket === 5;
      });
      await frame.locator('input[name=stake]').fill('1.00');
      const redSpot = frame.locator('[data-spot=red]');
      await redSpot.click();
      const chip = redSpot.locator('[data-chip]');
      await expect(chip).toBeVisible();
      await expect(redSpot.locator('span[aria-hidden]')).toHaveText(messages(locale, 'games').roulette.kinds.red);
      await expectApart(chip, redSpot.locator('span[aria-hidden]'), 'the chip and the bet name');
      await expect(frame.locator('.wheel .ball')).toBeVisible();
      await frame.locator('[data-action-button]').press('Enter');
      await expect(frame.locator('[data-result][data-outcome]')).toBeVisible();
      const state = (await (await request.get(`/demo-games/api/sessions/${sessionId}`)).json()) as GameSessionState;
      expect(state.rounds[0]!.outcome).toEqual({ type: 'roulette', pocket: 5 });
      await expect(frame.locator('[data-won]')).toHaveCount(1);
      await expect(frame.locator('[data-spot=n5]')).toHaveAttribute('data-won', '');
      // The ball comes to rest at the top, over the winning pocket.
      expect(await frame.locator('.ball-orbit').evaluate((orbit) => getComputedStyle(orbit).transform)).toMatch(
        /^(none|matrix\(1, 0, 0, 1, 0, 0\)|matrix\(1, -?0, -?0, 1, 0, 0\))$/,
      );
      const repeat = frame.locator('[data-roulette=repeat]');
      await expect(repeat).toBeEnabled();
      const lines = await repeat.evaluate((button) => {
        const range = document.createRange();
        range.selectNodeContents(button);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines).toBe(1);
      await shot(page, `roulette-${locale}`);

      // With reduced motion the wheel and the ball do not spin: both are set where they end.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await repeat.click();
      await frame.locator('[data-action-button]').press('Enter');
      await expect(frame.locator('[data-result][data-outcome]')).toBeVisible();
      expect(await frame.locator('.rotor').evaluate((rotor) => (rotor as SVGElement).style.transition)).toBe('none');
    });

    test('crash: last crash points, named axes, a cash-out that says its pay, the stake clear of the bar', async ({
      page,
      request,
      signedInPlayer,
    }) => {
      test.setTimeout(90_000);
      const { token } = await signedInPlayer({ prefix: 'curve', deposit: '50.00' });
      const t = messages(locale, 'game_steps');
      const { sessionId } = await openSinglePlayerCrash(page, { mode: 'real', token, locale });
      await expect(page.locator('.crash-strip li')).toHaveCount(0);
      await expect(page.locator('.axis-x')).toHaveText(t.axis_time);
      await expect(page.locator('.axis-y')).toHaveText(t.axis_multiplier);
      await expect(page.locator('.axis-ticks-y .axis-tick').first()).toHaveText(/^\d+\.\d{2}×$/);

      // The stake field, as the page opens, is not under the bar that sticks to the bottom.
      const stake = page.locator('input[name=stake]');
      await expectApart(stake, page.locator('.action-bar'), 'the stake field and the sticky bar');
      await shot(page, `crash-${locale}-before`);

      // A round that runs past 1.50×; cashed out by hand.
      await pinNextRounds(request, sessionId, async (pair) => {
        const bet = { type: 'crash', amount: '2.00', auto_cashout: '100.00' } as const;
        return ((await replayOn({ ...pair, nonce: 1 }, 'crash', bet, [])).state as CrashState).crash >= 150;
      });
      await page.locator('input[name=auto_cashout]').fill('100.00');
      await stake.fill('2.00');
      await stake.press('Enter');
      const cashout = page.locator('[data-action=cashout]');
      const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const pays = new RegExp(`^${(t.cashout as string).split('{amount}').map(escape).join('€\\d+\\.\\d{2}')}$`);
      await expect(cashout).toHaveText(pays);
      // Until the multiplier has risen past 1.10×, then the button's amount is at least 2.20.
      await expect(page.locator('[data-multiplier]')).toHaveText(/^(1\.(1\d|[2-9]\d)|[2-9]\.\d\d)×$/, {
        timeout: 20_000,
      });
      const shown = (await cashout.textContent())!.match(/(\d+)[.,](\d{2})/)!;
      const shownCents = BigInt(shown[1]!) * 100n + BigInt(shown[2]!);
      expect(shownCents).toBeGreaterThanOrEqual(220n);
      await shot(page, `crash-${locale}-running`);
      await cashout.press('Enter');
      await expect(page.locator('[data-result][data-outcome]')).toBeVisible();
      const state = (await (await request.get(`/demo-games/api/sessions/${sessionId}`)).json()) as GameSessionState;
      const round = state.rounds[0]!;
      // The server pays at its own time, a little later than the label: never less than it said.
      expect(toCents(round.win)!).toBeGreaterThanOrEqual(shownCents);
      const point = (round.outcome as unknown as { crash_point: string }).crash_point;
      await expect(page.locator('.crash-strip li')).toHaveText([`${point}×`]);
      await expect(page.locator('.crash-strip')).toHaveAttribute('aria-label', t.last_points);
      // After the round (a longer result in the bar), seen from the top, the stake is still clear of it.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectApart(stake, page.locator('.action-bar'), 'the stake field and the sticky bar after a round');
      await shot(page, `crash-${locale}-after`);
    });
  });
}
