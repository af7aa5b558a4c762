import { expect, test } from './fixtures';
import { apiToken, depositThroughPaymentPage, newPlayer, playDiceRound, registerPlayer } from './helpers';

test('the home bets feed: my round under All and My bets as it settles, an incognito player as Hidden', async ({
  page,
  browser,
  request,
  signedInPlayer,
}) => {
  const { token } = await signedInPlayer({ prefix: 'feed', deposit: '10.00' });
  // Another player, incognito, playing in their own browser (here the API).
  const other = newPlayer('incog');
  await registerPlayer(request, other);
  const otherToken = await apiToken(request, other);
  await depositThroughPaymentPage(request, otherToken, '10.00');
  const incognito = await request.patch('/api/user/update', {
    headers: { authorization: `Token ${otherToken}` },
    data: { incognito: true },
  });
  expect((await incognito.json()).incognito).toBe(true);

  await page.goto('/');
  const feed = page.locator('[data-bets-feed]');
  await expect(page.locator('html[data-live-balance="open"]')).toHaveCount(1);
  await expect(feed).toHaveAttribute('data-live', 'open');
  const tabs = feed.getByRole('tab');
  await expect(tabs).toHaveText(['All bets', 'High rollers', 'My bets']);

  const mine = (await playDiceRound(request, token)).roundId;
  const myRow = feed.locator(`tr[data-round="${mine}"]`);
  await expect(myRow).toBeVisible();
  await expect(myRow.locator('td').nth(0)).toHaveText('Dice');
  await expect(myRow.locator('td').nth(3)).toHaveText('€2.00');

  // A visitor (signed out, the public stream) sees the same rows, but no "My bets" of their own.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  const visitorFeed = visitor.locator('[data-bets-feed]');
  await expect(visitorFeed).toHaveAttribute('data-live', 'open');

  const hidden = (await playDiceRound(request, otherToken)).roundId;
  await expect(feed.locator(`tr[data-round="${hidden}"] td`).nth(1)).toHaveText('Hidden');
  await expect(visitorFeed.locator(`tr[data-round="${hidden}"] td`).nth(1)).toHaveText('Hidden');
  await visitorFeed.getByRole('tab', { name: 'My bets' }).click();
  await expect(visitorFeed.getByText('Sign in to follow your own bets here as they settle.')).toBeVisible();
  await visitor.context().close();

  // The tabs are a keyboard tablist: the arrows move the selection; My bets has only the player's round.
  await tabs.first().focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.nth(2)).toBeFocused();
  await expect(feed.locator('tbody tr')).toHaveCount(1);
  await expect(myRow).toBeVisible();
});
