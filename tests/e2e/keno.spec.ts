// Keno for real money at 360 px, in English and Japanese, by keyboard only: a number added to the
// opening picks with Space, the round played with Enter, the balance moved by exactly payout −
// stake, the hits announced and marked on the board, the round verified from its revealed seed.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { signedToCents, toCents } from '../../core/api/money';
import type { User } from '../../core/api/contract';
import { withFairRandom } from '../../core/games/fairness';
import type { GameSessionState, KenoOutcome } from '../../core/games/protocol';
import { resolveKeno } from '../../core/games/keno';
import { formatMoney } from '../../core/i18n/money-format';
import { interpolate } from '../../core/i18n/interpolate';
import enGames from '../../locales/en/games.json' with { type: 'json' };
import jaGames from '../../locales/ja/games.json' with { type: 'json' };
import { pinNextRounds } from './pinned-rounds';
import { launchRealByKeyboard, verifyAfterRotation } from './real-round';

const MESSAGES = { en: enGames, ja: jaGames };
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The page opens on 3 11 19 27 35 at medium risk; the test adds 1 with the keyboard. */
const BET = { type: 'keno', amount: '1.00', risk: 'medium', picks: [1, 3, 11, 19, 27, 35] } as const;

const me = async (request: APIRequestContext, token: string) =>
  (await (await request.get('/api/user/me', { headers: { authorization: `Token ${token}` } })).json()) as User;

for (const locale of ['en', 'ja'] as const) {
  test(`${locale} at 360 px: a real-money keno round by keyboard pays its table and verifies`, async ({
    page,
    request,
    signedInPlayer,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 640 });
    const { token } = await signedInPlayer({ prefix: 'keno', deposit: '50.00' });
    const { frame, sessionId } = await launchRealByKeyboard(page, locale, 'keno');

    // The next round pays more than the stake (a client seed the shared engine proves).
    await pinNextRounds(request, sessionId, async (pair) => {
      const round = await withFairRandom({ ...pair, nonce: 1 }, (random) =>
        resolveKeno({ ...BET, picks: [...BET.picks] }, random),
      );
      return toCents(round.win)! > toCents(BET.amount)!;
    });

    const before = (await me(request, token)).balance;
    const one = frame.locator('input[name=pick][value="1"]');
    await one.focus();
    await page.keyboard.press('Space');
    await expect(one).toBeChecked();
    const stake = frame.locator('input[name=stake]');
    await stake.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(BET.amount);
    await page.keyboard.press('Enter');
    const result = frame.locator('[data-result][data-outcome]');
    await expect(result).toBeVisible();

    const state = (await (await request.get(`/demo-games/api/sessions/${sessionId}`)).json()) as GameSessionState;
    const round = state.rounds[0]!;
    expect(round.bet).toEqual(BET);
    const after = (await me(request, token)).balance;
    expect(signedToCents(after)).toBe(signedToCents(before)! - toCents(round.stake)! + toCents(round.win)!);
    const outcome = round.outcome as KenoOutcome;
    await expect(result).toHaveAttribute('data-outcome', 'win');
    await expect(result).toContainText(
      interpolate(MESSAGES[locale].outcome.win, { win: formatMoney(round.win, 'EUR', locale) }),
    );
    await expect(result).toContainText(
      interpolate(MESSAGES[locale].keno.result, { hits: outcome.hits, drawn: outcome.drawn.join(', ') }),
    );
    await expect(frame.locator('.keno-cell[data-hit]')).toHaveCount(outcome.hits);
    await expect(frame.locator('.keno-cell[data-drawn]')).toHaveCount(10);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await verifyAfterRotation(frame, round.round_id, `e2e-keno-${locale}`);

    const axe = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(axe.violations).toEqual([]);
  });
}
