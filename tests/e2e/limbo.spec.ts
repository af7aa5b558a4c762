// Limbo for real money at 360 px, in English and Japanese, by keyboard only: the target typed, the
// round played with Enter, the balance moved by exactly payout − stake, the drawn multiplier and the
// verdict announced, the round verified from its revealed seed; axe clean on the page.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { signedToCents, toCents } from '../../core/api/money';
import type { User } from '../../core/api/contract';
import { withFairRandom } from '../../core/games/fairness';
import type { GameSessionState } from '../../core/games/protocol';
import { resolveLimbo } from '../../core/games/limbo';
import { formatMoney } from '../../core/i18n/money-format';
import { interpolate } from '../../core/i18n/interpolate';
import { LOCALE_INTL } from '../../core/i18n/locales.ts';
import enGames from '../../locales/en/games.json' with { type: 'json' };
import jaGames from '../../locales/ja/games.json' with { type: 'json' };
import { pinNextRounds } from './pinned-rounds';
import { launchRealByKeyboard, verifyAfterRotation } from './real-round';

const MESSAGES = { en: enGames, ja: jaGames };
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const STAKE = '2.00';
const TARGET = '3.00';

const me = async (request: APIRequestContext, token: string) =>
  (await (await request.get('/api/user/me', { headers: { authorization: `Token ${token}` } })).json()) as User;

for (const locale of ['en', 'ja'] as const) {
  test(`${locale} at 360 px: a real-money limbo round by keyboard pays stake × target and verifies`, async ({
    page,
    request,
    signedInPlayer,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 640 });
    const { token } = await signedInPlayer({ prefix: 'limbo', deposit: '50.00' });
    const { frame, sessionId } = await launchRealByKeyboard(page, locale, 'limbo');
    await expect(frame.locator('html')).toHaveAttribute('lang', locale);

    // The next round reaches 3.00× (a client seed the shared engine proves, set through the provider API).
    const bet = { type: 'limbo', amount: STAKE, target: TARGET } as const;
    await pinNextRounds(request, sessionId, async (pair) => {
      const round = await withFairRandom({ ...pair, nonce: 1 }, (random) => resolveLimbo(bet, random));
      return round.win !== '0.00';
    });

    const before = (await me(request, token)).balance;
    const target = frame.locator('input[name=target]');
    await target.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('3');
    await expect(frame.locator('.odds')).toContainText(
      new Intl.NumberFormat(LOCALE_INTL[locale], { minimumFractionDigits: 2 }).format(3),
    );
    const stake = frame.locator('input[name=stake]');
    await stake.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(STAKE);
    await page.keyboard.press('Enter');
    const result = frame.locator('[data-result][data-outcome]');
    await expect(result).toBeVisible();

    const state = (await (await request.get(`/demo-games/api/sessions/${sessionId}`)).json()) as GameSessionState;
    expect(state.mode).toBe('real');
    const round = state.rounds[0]!;
    expect(round.bet).toEqual(bet);
    expect(round.win).toBe('6.00');
    const after = (await me(request, token)).balance;
    expect(signedToCents(after)).toBe(signedToCents(before)! - toCents(round.stake)! + toCents(round.win)!);
    const drawn = (round.outcome as { result: string }).result;
    const shown = new Intl.NumberFormat(LOCALE_INTL[locale], { minimumFractionDigits: 2 }).format(Number(drawn));
    await expect(frame.locator('[data-limbo-result]')).toHaveText(`${shown}×`);
    await expect(frame.locator('[data-limbo-result]')).toHaveAttribute('data-outcome', 'win');
    await expect(result).toHaveAttribute('data-outcome', 'win');
    await expect(result).toContainText(
      interpolate(MESSAGES[locale].outcome.win, { win: formatMoney(round.win, 'EUR', locale) }),
    );
    await expect(result).toContainText(interpolate(MESSAGES[locale].limbo.result, { result: shown }));
    // Nothing scrolls sideways at 360 px, in the page or the game.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await verifyAfterRotation(frame, round.round_id, `e2e-limbo-${locale}`);

    const axe = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(axe.violations).toEqual([]);
  });
}
