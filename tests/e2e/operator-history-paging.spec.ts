import { adminSignIn, expect, test } from './fixtures';
import { apiToken, depositThroughPaymentPage, newPlayer, playDiceRound, registerPlayer } from './helpers';

/**
 * The player page's history at 1280 × 720 (issue 43), by keyboard alone: the kind filter chosen and
 * sent, "Older" to the second page of rounds, "Newer" back to the first; the links keep the filter,
 * the pages neither repeat nor skip a round, and the page never scrolls sideways.
 */
test('the player history pages by keyboard at 1280 px, keeping the filter', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const player = newPlayer('qhistory');
  await registerPlayer(request, player);
  const token = await apiToken(request, player);
  await depositThroughPaymentPage(request, token, '200.00');
  // 56 rounds: a page of 50 and one of 6.
  for (let i = 0; i < 56; i++) await playDiceRound(request, token);

  const { page } = await adminSignIn(browser, { prefix: 'staffhistory' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/operator/players?q=${encodeURIComponent(player.username)}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(player.username);
  const rows = page.locator('#history tr[data-history]');
  const ids = async () => rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-history')));
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  /** Presses Tab until the element `selector` names has the focus (at most 400 presses). */
  const tabTo = async (selector: string) => {
    for (let i = 0; i < 400; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
    }
    throw new Error(`${selector} never reached by Tab`);
  };

  // The kind filter, chosen and sent from the keyboard.
  await page.locator('h1').click();
  await tabTo('#history-kind');
  await page.keyboard.type('Rounds');
  await expect(page.locator('#history-kind')).toHaveValue('rounds');
  await tabTo('form[data-history-filter] button[type="submit"]');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/kind=rounds/);
  await expect(rows).toHaveCount(50);
  expect(await overflow()).toBeLessThanOrEqual(0);
  const first = await ids();

  // Older: the other 6 rounds, the filter kept.
  await page.locator('h1').click();
  await tabTo('nav[data-history-pager] a[rel="next"]');
  await expect(page.locator(':focus')).toHaveText('Older');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/kind=rounds&before=\d+/);
  await expect(rows).toHaveCount(6);
  const second = await ids();
  expect(second.filter((id) => first.includes(id))).toEqual([]);
  await expect(page.locator('#history-kind')).toHaveValue('rounds');
  expect(await overflow()).toBeLessThanOrEqual(0);

  // Newer: the first page again, exactly.
  await page.locator('h1').click();
  await tabTo('nav[data-history-pager] a[rel="prev"]');
  await expect(page.locator(':focus')).toHaveText('Newer');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/kind=rounds&after=\d+/);
  await expect(rows).toHaveCount(50);
  expect(await ids()).toEqual(first);
  expect(await overflow()).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
});
