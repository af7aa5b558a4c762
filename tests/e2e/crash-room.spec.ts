/**
 * The shared crash room on /play?game=crash (docs/multiplayer-crash.md), against the e2e server's
 * own room (a 1000-game chain, 4 s of betting: playwright.config.ts). The bet carries an auto
 * cash-out at 1.01×, and its result is checked against the crash point the game reveals: the test
 * never depends on where the game crashes, only on the published rule (paid at 1.01× if the crash
 * point reached it, else lost).
 */
import type { Page } from '@playwright/test';
import type { CrashRoomBet } from '../../core/api/contract';
import { fromCents, toCents } from '../../core/api/money';
import { maskName } from '../../server/src/services/winners';
import { expect, test } from './fixtures';
import { noAxeViolations } from './helpers';

const STAKE = '10.00';
const TARGET = '1.01';

/** Places the bet in the next game that takes bets; a game that closes under the click is retried. */
async function betInNextGame(page: Page): Promise<CrashRoomBet> {
  const room = page.locator('[data-crash-room]');
  for (let attempt = 0; attempt < 3; attempt++) {
    const place = room.getByRole('button', { name: 'Place bet' });
    await expect(place).toBeVisible({ timeout: 90_000 });
    await room.getByLabel('Stake').fill(STAKE);
    await room.getByLabel('Auto cash-out (optional)').fill(TARGET);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/crash-room/bets'));
    await place.click();
    const response = await answer;
    if (response.status() === 201) return (await response.json()) as CrashRoomBet;
    // The betting phase ended between seeing the button and the request: the server said so.
    expect(response.status()).toBe(409);
    await expect(room.locator('[data-room-error]')).not.toBeEmpty();
  }
  throw new Error('no game took the bet in three tries');
}

test('a signed-in player bets, sees themself, the bet settles by the revealed crash point, and Verify matches it', async ({
  page,
  signedInPlayer,
}) => {
  // A game may run long before it crashes (about 1 in 20 passes 20×, 35 s into its rise).
  test.setTimeout(240_000);
  const player = await signedInPlayer({ prefix: 'crashroom', deposit: '40.00' });
  await page.goto('/play?game=crash');
  const room = page.locator('[data-crash-room]');
  await expect(room).toBeVisible();
  // The room replaces the single-player title's launch buttons.
  await expect(page.locator('[data-play-modes]')).toBeHidden();
  const balance = page.locator('.site-header [data-session-balance]');
  await expect(balance).toHaveText('€40.00');

  const bet = await betInNextGame(page);
  expect(bet).toMatchObject({ stake: STAKE, auto_cashout: TARGET, balance: '30.00' });
  await expect(room.locator('[data-room-mine]')).toContainText('€10.00');
  const me = room.locator('[data-room-players] tr', { hasText: maskName(player.username) });
  await expect(me.locator('td').nth(1)).toHaveText('€10.00');

  // The multiplier rises (unless the game busts at 1.00×, about 1 game in 100), then the game crashes.
  const stage = room.locator('[data-room-stage]');
  await expect(stage).not.toHaveAttribute('data-phase', 'betting', { timeout: 30_000 });
  const strip = room.locator(`[data-room-history] button[data-game="${bet.game}"]`);
  await expect(strip).toBeVisible({ timeout: 200_000 });
  const crashPoint = (await strip.textContent())!.replace('×', '');

  // The published rule: the target is paid if the crash point reached it, else the stake is lost.
  const reached = toCents(crashPoint)! >= toCents(TARGET)!;
  const paid = reached ? (toCents(STAKE)! * toCents(TARGET)!) / 100n : 0n;
  await expect(balance).toHaveText(`€${fromCents(toCents('30.00')! + paid)}`);
  if (reached) {
    await expect(me.locator('td').nth(2)).toHaveText(`${TARGET}×`);
    await expect(room.locator('[data-room-mine]')).toHaveText('You cashed out at 1.01×: €10.10 paid.');
  } else {
    await expect(room.locator('[data-room-mine]')).toHaveText(
      'The game crashed before you cashed out: your stake of €10.00 is lost.',
    );
  }
  // €10.10 back on €10.00 is a win; the page never styles a loss as one.
  await expect(room.locator('[data-room-mine][data-win]')).toHaveCount(reached ? 1 : 0);

  // Verify, from the history strip: recomputed in the browser, matching the shown crash point.
  await strip.click();
  const verdict = room.locator('[data-room-verdict]');
  await expect(verdict.locator('p').first()).toContainText(`Crash point: ${crashPoint}×.`);
  await expect(verdict.locator('[data-verdict="match"]')).toHaveCount(2);
  await expect(verdict.locator('[data-verdict="mismatch"]')).toHaveCount(0);
  // A hash typed wrong is refused by name.
  await room.getByLabel('Game hash').fill('not-a-hash');
  await room.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(verdict).toHaveText('A game hash is 64 hexadecimal digits (0–9, a–f).');
});

test('signed out: the room with a sign-in prompt instead of the bet button; axe-clean', async ({ page }) => {
  await page.goto('/play?game=crash');
  const room = page.locator('[data-crash-room]');
  await expect(room).toBeVisible();
  await expect(room.getByRole('link', { name: 'Sign in to play' })).toBeVisible();
  await expect(room.getByRole('button', { name: 'Place bet' })).toBeHidden();
  await expect(room.locator('[data-room-multiplier]')).toHaveText(/^\d+\.\d\d×$/);
  await noAxeViolations(page);
  await room.getByRole('link', { name: 'Sign in to play' }).click();
  await expect(page.locator('dialog[open]')).toBeVisible();
});

test('ja at 360 px: the room in Japanese, nothing wider than the screen, axe-clean', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/ja/play?game=crash');
  const room = page.locator('[data-crash-room]');
  await expect(room).toBeVisible();
  await expect(room.getByRole('heading', { name: '共有ルーム' })).toBeVisible();
  await expect(room.getByRole('link', { name: 'ログインしてプレイ' })).toBeVisible();
  await expect(room.getByRole('heading', { name: 'ゲームを検証' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await noAxeViolations(page);
});
