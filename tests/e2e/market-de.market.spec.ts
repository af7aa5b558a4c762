import { expect } from './fixtures';
import { marketTest } from './market-server';
import { openRealSlot } from './market-slot';

/**
 * MARKET=DE in the browser (issue 39, docs/markets.md, GlüStV 2021 §22a): a €1.10 spin is refused with its
 * reason on the game page, and roulette is absent from the lobby and from /rules (slots only).
 */
const test = marketTest('DE');
test.describe.configure({ mode: 'default' });

test('DE: a €1.10 spin is refused with the regulator’s reason and nothing is staked', async ({
  page,
  request,
  signedInPlayer,
}) => {
  test.setTimeout(60_000);
  const { token } = await signedInPlayer({ prefix: 'deslot', deposit: '20.00', verified: true });
  const { frame } = await openRealSlot(page);
  // Where the stake is placed: the RTP and the top win's chance, exact from the published maths
  // (core/games/slot-top-win.ts: 320 of 32^5 stop combinations).
  const odds = frame.locator('form.bet [data-odds-at-stake]');
  await expect(odds).toHaveText('RTP 95.40%. Top win: 2,500× the line stake, about 1 in 104,858 spins.');
  await expect(odds).toHaveAttribute('data-top-win-chance', '320/33554432');
  await frame.locator('input[name=stake]').fill('1.10');
  await frame.locator('[data-action-button]').click();
  await expect(frame.locator('#game-alert')).toHaveText(
    'This stake is too high: under Gemeinsame Glücksspielbehörde der Länder rules ' +
      'a round of this game is at most €1.00.',
  );
  await expect(frame.locator('[data-result]')).not.toHaveAttribute('data-outcome', /.*/);
  const me = await request.get('/api/user/me', { headers: { authorization: `Token ${token}` } });
  expect(((await me.json()) as { balance: string }).balance).toBe('20.00');
});

test('DE: roulette is absent from the lobby and from /rules; the slots are there', async ({ page }) => {
  await page.goto('/');
  const games = page.locator('[data-lobby-games]');
  await expect(games).toHaveAttribute('aria-busy', 'false');
  await expect(games.locator('[data-catalogue] li[data-game-id=amber-fortune]')).toBeVisible();
  await expect(games.locator('[data-catalogue] li[data-game-id=european-roulette]')).toHaveCount(0);
  await expect(games.locator('[data-catalogue] li[data-mechanic=roulette]')).toHaveCount(0);

  await page.goto('/rules');
  await expect(page.locator('html')).toHaveAttribute('data-market-games', 'ready');
  await expect(page.locator('li[data-game=european-roulette]')).toBeHidden();
  await expect(page.locator('li[data-game=blackjack]')).toBeHidden();
  await expect(page.locator('li[data-game=amber-fortune]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'European Roulette' })).toHaveCount(0);
});
