// What the market specs share: a real-money slot round on /play, measured inside the game page.
import type { FrameLocator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { withFairRandom } from '../../core/games/fairness';
import { resolveBet } from '../../core/games/round';
import { pinNextRounds } from './pinned-rounds';

export const SLOT = 'amber-fortune';

/** Opens the slot for real money on /play: the game frame, its frame handle and session id. */
export async function openRealSlot(page: Page) {
  await page.goto(`/play?game=${SLOT}`);
  await expect(page.locator('[data-play-modes]')).toHaveAttribute('data-ready', '');
  await page.locator('[data-launch=real]').click();
  const frame: FrameLocator = page.frameLocator('[data-play-frame]');
  await frame.locator('form.bet').waitFor();
  const src = (await page.locator('[data-play-frame]').getAttribute('src'))!;
  const sessionId = new URL(src).pathname.split('/').pop()!;
  const handle = page.frames().find((candidate) => candidate.url().includes(sessionId))!;
  return { frame, handle, sessionId };
}

/** Pins the session's next `count` spins of `amount` to rounds that pay nothing (the shared engine decides). */
export async function pinLosingSpins(page: Page, sessionId: string, amount: string, count: number) {
  const bet = { type: 'slot' as const, amount, title: SLOT };
  await pinNextRounds(page.request, sessionId, async (pair) => {
    for (let nonce = 1; nonce <= count; nonce++) {
      const round = await withFairRandom({ ...pair, nonce }, (random) => resolveBet(bet, random));
      if (round.win !== '0.00') return false;
    }
    return true;
  });
}

/**
 * Records inside the game page, by its own clock, when each bet form is submitted and when its result
 * shows; `rounds()` answers the milliseconds from click to result of each round so far.
 */
export async function timeRounds(handle: import('@playwright/test').Frame) {
  await handle.evaluate(() => {
    const record = window as unknown as { clicks: number[]; shown: number[] };
    record.clicks = [];
    record.shown = [];
    document.addEventListener('submit', () => record.clicks.push(performance.now()), true);
    new MutationObserver(() => {
      if (document.querySelector('[data-result][data-outcome]') && record.shown.length < record.clicks.length)
        record.shown.push(performance.now());
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-outcome'] });
  });
  return {
    rounds: () =>
      handle.evaluate(() => {
        const record = window as unknown as { clicks: number[]; shown: number[] };
        return record.shown.map((at, index) => at - record.clicks[index]!);
      }),
  };
}
