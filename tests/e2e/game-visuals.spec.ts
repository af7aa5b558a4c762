import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import type { GameSessionState, RouletteOutcome, BaccaratOutcome, SlotOutcome } from '../../core/games/protocol';
import { WHEEL_ORDER } from '../../server/src/providers/games/page/client/roulette-table';
import { openSinglePlayerCrash } from './helpers';

/** Launches a demo and waits for the game page; answers its frame and session id. */
async function launch(page: Page, gameId: string): Promise<{ frame: FrameLocator; sessionId: string }> {
  await page.goto(`/play?game=${gameId}`);
  await page.locator('[data-launch=demo]').press('Enter');
  const frame = page.frameLocator('[data-play-frame]');
  await frame.locator('[data-action-button]').waitFor();
  const src = (await page.locator('[data-play-frame]').getAttribute('src'))!;
  return { frame, sessionId: new URL(src).pathname.split('/').pop()! };
}
const lastRound = async (page: Page, sessionId: string) =>
  ((await (await page.request.get(`/demo-games/api/sessions/${sessionId}`)).json()) as GameSessionState).rounds[0]!;

test('roulette: keyboard bets on the layout (arrows, Enter), undo, clear, repeat; the wheel stops on it', async ({
  page,
}) => {
  const { frame, sessionId } = await launch(page, 'european-roulette');
  await frame.locator('input[name=stake]').fill('0.50');
  // One tab stop: the first number of the top row (3); arrows move over the layout.
  const start = frame.locator('.roulette-layout [tabindex="0"]');
  await expect(start).toHaveAttribute('data-spot', 'n3');
  await start.focus();
  await start.press('ArrowDown');
  await expect(frame.locator('[data-spot=n2]')).toBeFocused();
  await frame.locator('[data-spot=n2]').press('Enter');
  await frame.locator('[data-spot=n2]').press('Space');
  await expect(frame.locator('[data-spot=n2] [data-chip]')).toHaveText('€1.00');
  await expect(frame.locator('[data-spot=n2]')).toHaveAttribute('aria-label', '2, black, €1.00 placed');
  // Down to the dozens, then the even-money row: red.
  await frame.locator('[data-spot=n2]').press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(frame.locator('[data-spot=red]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(frame.locator('.slip li')).toHaveCount(3);
  await frame.locator('[data-roulette=undo]').press('Enter');
  await expect(frame.locator('.slip li')).toHaveCount(2);
  await expect(frame.locator('[data-spot=red] [data-chip]')).toBeHidden();
  await frame.locator('[data-action-button]').press('Enter');
  await expect(frame.locator('[data-result][data-outcome]')).toBeVisible();
  const round = await lastRound(page, sessionId);
  expect(round.bet).toEqual({
    type: 'roulette',
    stakes: [
      { kind: 'straight', numbers: [2], amount: '0.50' },
      { kind: 'straight', numbers: [2], amount: '0.50' },
    ],
  });
  const pocket = (round.outcome as RouletteOutcome).pocket;
  // The rotor's final angle puts the pocket at the top, where the ball is.
  const angle = await frame
    .locator('.rotor')
    .evaluate((node) =>
      new DOMMatrix(getComputedStyle(node).transform).a !== undefined
        ? Math.atan2(
            new DOMMatrix(getComputedStyle(node).transform).b,
            new DOMMatrix(getComputedStyle(node).transform).a,
          ) *
          (180 / Math.PI)
        : NaN,
    );
  const expected = -WHEEL_ORDER.indexOf(pocket as (typeof WHEEL_ORDER)[number]) * (360 / 37);
  expect(Math.abs(((((angle - expected) % 360) + 540) % 360) - 180)).toBeLessThan(0.5);
  await expect(frame.locator('.wheel-row .big-result')).toHaveText(String(pocket));
  // Clear, then repeat brings back the last spin's bets.
  await frame.locator('[data-roulette=clear]').press('Enter');
  await expect(frame.locator('.slip li')).toHaveCount(0);
  await frame.locator('[data-roulette=repeat]').press('Enter');
  await expect(frame.locator('.slip li')).toHaveCount(2);
  await expect(frame.locator('[data-spot=n2] [data-chip]')).toHaveText('€1.00');
});

test("slot: the reels rest on the round's grid; a winning line is drawn for each paying line", async ({ page }) => {
  const { frame, sessionId } = await launch(page, 'lucky-sevens');
  const action = frame.locator('[data-action-button]');
  await frame.locator('input[name=stake]').fill('0.50');
  for (let spin = 0; spin < 3; spin++) {
    await action.press('Enter');
    await expect(frame.locator('[data-result][data-outcome]')).toBeVisible();
    const outcome = (await lastRound(page, sessionId)).outcome as SlotOutcome;
    // Each reel shows exactly its column of the grid, top to bottom.
    for (let reel = 0; reel < 3; reel++) {
      const shown = await frame
        .locator('.slot-window .strip')
        .nth(reel)
        .locator('.cell')
        .evaluateAll((cells) => cells.map((cell) => /symbol--(\S+)/.exec(cell.className)![1]));
      expect(shown).toEqual(outcome.grid.map((row) => row[reel]));
    }
    await expect(frame.locator('.paylines polyline')).toHaveCount(outcome.lines.length);
  }
});

test('baccarat: every card of the round is dealt face up, in the hands the server dealt', async ({ page }) => {
  const { frame, sessionId } = await launch(page, 'baccarat-royale');
  await frame.locator('[data-action-button]').press('Enter');
  await expect(frame.locator('[data-result][data-outcome]')).toBeVisible();
  const outcome = (await lastRound(page, sessionId)).outcome as BaccaratOutcome;
  await expect(frame.locator('[data-cards=player] .card')).toHaveCount(outcome.player.length);
  await expect(frame.locator('[data-cards=banker] .card')).toHaveCount(outcome.banker.length);
  expect(
    await frame
      .locator('[data-cards=player] .card')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-card'))),
  ).toEqual(outcome.player);
});

test('crash: the curve is drawn, and coloured by how the round ended', async ({ page }) => {
  // The single-player title's own page: /play?game=crash is the shared room (crash-room.spec.ts).
  await openSinglePlayerCrash(page);
  const frame = page;
  await frame.locator('input[name=auto_cashout]').fill('1.01');
  await frame.locator('[data-action-button]').press('Enter');
  const result = frame.locator('[data-result][data-outcome]');
  await expect(result).toBeVisible({ timeout: 15_000 });
  const end = await frame.locator('.crash-curve').getAttribute('data-end');
  expect((await result.getAttribute('data-outcome')) === 'loss' ? 'crashed' : 'cashed').toBe(end);
  expect(await frame.locator('.crash-line').getAttribute('d')).toMatch(/^M0\.00 60\.00 L/);
});

test('with reduced motion the reels and cards only fade, and the result still comes', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { frame } = await launch(page, 'amber-fortune');
  await frame.locator('[data-action-button]').press('Enter');
  await expect(frame.locator('[data-result][data-outcome]')).toBeVisible();
  // No reel was moved: every strip rests untransformed on its three symbols.
  await expect(frame.locator('.slot-window .strip .cell')).toHaveCount(15);
  await expect(frame.locator('.slot-window.fade-in')).toHaveCount(1);
});

test('quick play shortens the reels’ spin to about a third; the result is the same round', async ({ page }) => {
  const { frame } = await launch(page, 'amber-fortune');
  const quick = frame.locator('input[name=quick]');
  await quick.focus();
  await quick.press('Space');
  await expect(quick).toBeChecked();
  await frame.locator('[data-action-button]').press('Enter');
  await expect(frame.locator('[data-result][data-outcome]')).toBeVisible();
  // The last reel stops after 0.35 × (450 + 4 × 220) ms instead of 1,330 ms.
  await expect(frame.locator('.slot-window')).toHaveAttribute('data-spin-ms', '465');
  await quick.press('Space');
  await frame.locator('[data-action-button]').press('Enter');
  await expect(frame.locator('.slot-window')).toHaveAttribute('data-spin-ms', '1330');
});
