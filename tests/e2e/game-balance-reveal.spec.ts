import type { Frame, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { User } from '../../core/api/contract';
import type { GameBet } from '../../core/games/protocol';
import { withFairRandom } from '../../core/games/fairness';
import { resolveBet } from '../../core/games/round';
import { replayOn, verifyStepRound } from '../../core/games/steps';
import { formatMoney } from '../../core/i18n/money-format';
import { pinNextRounds } from './pinned-rounds';
import { launchRealByKeyboard } from './real-round';

// Issue 38 item 6: the wallet moves when the server answers, before the wheel or the cards have
// shown anything; the game and the /play bar show the same balance, changed only with the result.

interface Snapshot {
  balance: string;
  revealed: boolean;
  at: number;
}

/**
 * Records in a document each change of its balance text (`selector`) together with whether the
 * round's result is on screen, from now on. Date.now() so that the frame's and the page's times compare.
 */
async function recordBalance(target: Page | Frame, selector: string) {
  await target.evaluate((balanceSelector) => {
    const log: { balance: string; revealed: boolean; at: number }[] = [];
    (window as unknown as { balanceLog: typeof log }).balanceLog = log;
    const snapshot = () => {
      const balance = document.querySelector(balanceSelector)?.textContent ?? '';
      const revealed = document.querySelector('[data-result][data-outcome]') !== null;
      const last = log.at(-1);
      if (!last || last.balance !== balance || last.revealed !== revealed)
        log.push({ balance, revealed, at: Date.now() });
    };
    snapshot();
    new MutationObserver(snapshot).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-outcome'],
    });
  }, selector);
}
const balanceLog = (target: Page | Frame) =>
  target.evaluate(() => (window as unknown as { balanceLog: Snapshot[] }).balanceLog);

async function gameFrame(page: Page): Promise<Frame> {
  const frame = await (await page.locator('[data-play-frame]').elementHandle())!.contentFrame();
  return frame!;
}

/**
 * Both logs after one round: the game's balance changed once, from `before` to `after`, with or after
 * the result, and the bar's changed once to the same figure no sooner than the game showed the result.
 */
function expectHeldUntilReveal(game: Snapshot[], bar: Snapshot[], before: string, after: string, answeredAt: number) {
  const revealedAt = game.find((entry) => entry.revealed)!.at;
  // The server answered well before the result was shown: there was a window to give it away in.
  expect(revealedAt).toBeGreaterThan(answeredAt);
  for (const entry of game.filter((entry) => !entry.revealed)) expect(entry.balance).toBe(before);
  expect(game.at(-1)).toMatchObject({ balance: after, revealed: true });
  expect([...new Set(bar.map((entry) => entry.balance))]).toEqual([before, after]);
  const barChangedAt = bar.find((entry) => entry.balance === after)!.at;
  expect(barChangedAt).toBeGreaterThanOrEqual(revealedAt);
}

for (const locale of ['en', 'ja'] as const) {
  test(`${locale}: the game and the bar show the new balance with the result, not when the server answers`, async ({
    page,
    request,
    signedInPlayer,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 360, height: 740 });
    const { token } = await signedInPlayer({ prefix: 'reveal', deposit: '50.00' });
    const me = async () =>
      (await (await request.get('/api/user/me', { headers: { authorization: `Token ${token}` } })).json()) as User;
    const money = (amount: string) => formatMoney(amount, 'EUR', locale);
    const barBalance = '.play__bar [data-session-balance]';

    // Roulette: a pinned spin on 2 (black), so a red stake of 1.00 is lost while the wheel turns.
    const roulette = await launchRealByKeyboard(page, locale, 'european-roulette');
    await expect(page.locator('html[data-live-balance="open"]')).toHaveCount(1);
    const red: GameBet = { type: 'roulette', stakes: [{ kind: 'red', amount: '1.00' }] };
    await pinNextRounds(request, roulette.sessionId, async (pair) => {
      const { outcome } = await withFairRandom({ ...pair, nonce: 1 }, (random) => resolveBet(red, random));
      return outcome.type === 'roulette' && outcome.pocket === 2;
    });
    await roulette.frame.locator('select[name=kind]').selectOption('red');
    await roulette.frame.locator('input[name=stake]').fill('1.00');
    let before = (await me()).balance;
    await expect(page.locator(barBalance)).toHaveText(money(before));
    await expect(roulette.frame.locator('[data-balance]')).toHaveText(money(before));
    let frame = await gameFrame(page);
    await recordBalance(frame, '[data-balance]');
    await recordBalance(page, barBalance);
    let answered = page.waitForResponse((response) => /\/rounds$/.test(new URL(response.url()).pathname));
    await roulette.frame.locator('input[name=stake]').press('Enter');
    let answeredAt = (await answered, Date.now());
    await expect(roulette.frame.locator('[data-result][data-outcome]')).toBeVisible();
    let after = (await me()).balance;
    expect(after).not.toBe(before);
    await expect(page.locator(barBalance)).toHaveText(money(after));
    await expect(roulette.frame.locator('[data-balance]')).toHaveText(money(after));
    expectHeldUntilReveal(await balanceLog(frame), await balanceLog(page), money(before), money(after), answeredAt);

    // Blackjack: a pinned deal that stays open; stand, and the dealer's cards are dealt in before the result.
    const blackjack = await launchRealByKeyboard(page, locale, 'blackjack');
    const bet = { type: 'blackjack', amount: '2.00' } as const;
    await pinNextRounds(request, blackjack.sessionId, async (pair) => {
      const open = await replayOn({ ...pair, nonce: 1 }, 'blackjack', bet, []);
      if (open.finished || !open.actions.includes('stand')) return false;
      const round = await verifyStepRound({ ...pair, nonce: 1 }, 'blackjack', bet, [
        { action_id: 'a0', action: 'stand' },
      ]);
      // The dealer draws at least one card, so the result waits for a deal; and the balance moves.
      return (
        round.finished &&
        round.win !== '2.00' &&
        (round.view as { dealer: { cards: string[] } }).dealer.cards.length > 2
      );
    });
    before = (await me()).balance;
    await expect(page.locator(barBalance)).toHaveText(money(before));
    await blackjack.frame.locator('input[name=stake]').fill('2.00');
    frame = await gameFrame(page);
    await recordBalance(frame, '[data-balance]');
    await recordBalance(page, barBalance);
    await blackjack.frame.locator('input[name=stake]').press('Enter');
    const stand = blackjack.frame.locator('[data-action=stand]');
    await expect(stand).toBeEnabled();
    // The stake is taken: both still show the balance from before the round.
    await expect(page.locator(barBalance)).toHaveText(money(before));
    await expect(blackjack.frame.locator('[data-balance]')).toHaveText(money(before));
    answered = page.waitForResponse((response) => /\/actions$/.test(new URL(response.url()).pathname));
    await stand.press('Enter');
    answeredAt = (await answered, Date.now());
    await expect(blackjack.frame.locator('[data-result][data-outcome]')).toBeVisible();
    after = (await me()).balance;
    expect(after).not.toBe(before);
    await expect(page.locator(barBalance)).toHaveText(money(after));
    expectHeldUntilReveal(await balanceLog(frame), await balanceLog(page), money(before), money(after), answeredAt);
  });
}
