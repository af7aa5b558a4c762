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
import { crashMultiplierAt, crashTimeOf } from '../../core/games/crash';
import { maskName } from '../../server/src/services/winners';
import { expect, test } from './fixtures';
import { apiToken, depositThroughPaymentPage, newPlayer, noAxeViolations, registerPlayer } from './helpers';

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

test('a signed-in player bets, sees themself, the bet settles by the crash point, and Verify matches it', async ({
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

  // What the players list ever shows in the player's row: the next game clears the list at once.
  const name = maskName(player.username);
  // And every multiplier drawn while the stage says the game is rising.
  await page.evaluate((masked) => {
    const seen = { paid: new Set<string>(), rising: new Set<string>() };
    (window as unknown as { seen: typeof seen }).seen = seen;
    new MutationObserver(() => {
      for (const row of document.querySelectorAll('[data-room-players] tr')) {
        const cells = [...row.querySelectorAll('td')].map((cell) => cell.textContent);
        if (cells[0] === masked && cells[2] !== '—') seen.paid.add(cells[2]!);
      }
    }).observe(document.querySelector('[data-room-players]')!, { childList: true, subtree: true });
    const stage = document.querySelector<HTMLElement>('[data-room-stage]')!;
    new MutationObserver(() => {
      if (stage.dataset.phase === 'rising')
        seen.rising.add(stage.querySelector('[data-room-multiplier]')!.textContent!);
    }).observe(stage, { attributes: true, childList: true, subtree: true, characterData: true });
  }, name);
  const bet = await betInNextGame(page);
  // Only this game's rise counts (the page may have shown the one before while waiting for bets).
  await page.evaluate(() => (window as unknown as { seen: { rising: Set<string> } }).seen.rising.clear());
  expect(bet).toMatchObject({ stake: STAKE, auto_cashout: TARGET, balance: '30.00' });
  await expect(room.locator('[data-room-mine]')).toContainText('€10.00');
  const me = room.locator('[data-room-players] tr', { hasText: name });
  await expect(me.locator('td').nth(1)).toHaveText('€10.00');

  // The bet settles as the rise passes 1.01× (about 50 ms in), or at once when the game busts at 1.00×
  // (about 1 game in 100): either way long before most games crash.
  const stage = room.locator('[data-room-stage]');
  await expect(stage).not.toHaveAttribute('data-phase', 'betting', { timeout: 30_000 });
  const mine = room.locator('[data-room-mine]');
  const cashedOut = 'You cashed out at 1.01×: €10.10 paid.';
  const lost = 'The game crashed before you cashed out: your stake of €10.00 is lost.';
  // Read in one look, text and style together: the line clears when the next game opens for bets.
  let settled = { text: '', win: false };
  await expect
    .poll(
      async () => {
        const now = await mine.evaluate((line) => ({
          text: line.textContent ?? '',
          win: line.hasAttribute('data-win'),
        }));
        if (now.text === cashedOut || now.text === lost) settled = now;
        return settled.text;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  const reached = settled.text === cashedOut;
  const paid = reached ? (toCents(STAKE)! * toCents(TARGET)!) / 100n : 0n;
  await expect(balance).toHaveText(`€${fromCents(toCents('30.00')! + paid)}`);
  // €10.10 back on €10.00 is a win; the page never styles a loss as one.
  expect(settled.win).toBe(reached);

  // Then the game crashes: nearly always within a minute. One still rising after 150 s (above about
  // 300×, 1 game in 300) cannot have been lost; Verify then checks the newest game that did crash.
  const ownEntry = room.locator(`[data-room-history] button[data-game="${bet.game}"]`);
  const crashed = await ownEntry.waitFor({ timeout: 150_000 }).then(
    () => true,
    () => false,
  );
  const seen = await page.evaluate(() => {
    const { paid, rising } = (window as unknown as { seen: { paid: Set<string>; rising: Set<string> } }).seen;
    return { paid: [...paid], rising: [...rising].map((text) => Number(text.replace('×', ''))) };
  });
  expect(seen.paid).toEqual(reached ? [`${TARGET}×`] : []);
  let entry = ownEntry;
  if (crashed) {
    // The published rule: the target is paid if the crash point reached it, else the stake is lost.
    const crashPoint = (await ownEntry.textContent())!.replace('×', '');
    expect(toCents(crashPoint)! >= toCents(TARGET)!).toBe(reached);
    // The multiplier rose (a game that busts at 1.00× never does), and stopped when the crash event came:
    // the page cannot know the crash point before, so it may draw up to the event's delay past it
    // (the driver looks every 100 ms), never more than a second of the curve.
    if (crashPoint !== '1.00') expect(Math.max(...seen.rising)).toBeGreaterThan(1);
    const crashTime = crashTimeOf(Number(toCents(crashPoint)));
    expect(Math.max(1, ...seen.rising) * 100).toBeLessThanOrEqual(crashMultiplierAt(crashTime + 1000));
  } else {
    expect(reached).toBe(true);
    await expect(stage).toHaveAttribute('data-phase', 'rising');
    entry = room.locator('[data-room-history] button').first();
  }
  const crashPoint = (await entry.textContent())!.replace('×', '');

  // Verify, from the history strip: recomputed in the browser, matching the shown crash point.
  await entry.click();
  const verdict = room.locator('[data-room-verdict]');
  await expect(verdict.locator('p').first()).toContainText(`Crash point: ${crashPoint}×.`);
  await expect(verdict.locator('[data-verdict="match"]')).toHaveCount(2);
  await expect(verdict.locator('[data-verdict="mismatch"]')).toHaveCount(0);
  // A hash typed wrong is refused by name.
  await room.getByLabel('Game hash').fill('not-a-hash');
  await room.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(verdict).toHaveText('A game hash is 64 hexadecimal digits (0–9, a–f).');
});

test('a player who chose incognito joins the players list as "Hidden"', async ({ page, request }) => {
  test.setTimeout(120_000);
  const other = newPlayer('incog');
  await registerPlayer(request, other);
  const token = await apiToken(request, other);
  await depositThroughPaymentPage(request, token, '20.00');
  const headers = { authorization: `Token ${token}` };
  expect(
    (await (await request.patch('/api/user/update', { headers, data: { incognito: true } })).json()).incognito,
  ).toBe(true);
  await page.goto('/play?game=crash');
  const room = page.locator('[data-crash-room]');
  await expect(room).toBeVisible();
  // Signed out, the page shows no bet button: the betting phase shows in the stage's countdown.
  for (let attempt = 0; attempt < 3; attempt++) {
    await expect(room.locator('[data-room-phase]')).toContainText('Bets are open', { timeout: 90_000 });
    const bet = await request.post('/api/crash-room/bets', { headers, data: { amount: '10.00' } });
    if (bet.status() === 201) {
      const game = ((await bet.json()) as CrashRoomBet).game;
      const hidden = room.locator('[data-room-players] tr', { hasText: 'Hidden' });
      await expect(hidden.locator('td').nth(1)).toHaveText('€10.00');
      expect(await page.evaluate(() => document.querySelector('[data-room-players]')!.textContent)).not.toContain(
        other.username.slice(0, 2) + '***',
      );
      expect(game).toBeGreaterThan(0);
      return;
    }
    expect(bet.status()).toBe(409);
    await expect(room.locator('[data-room-phase]')).not.toContainText('Bets are open', { timeout: 30_000 });
  }
  throw new Error('no game took the bet in three tries');
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
