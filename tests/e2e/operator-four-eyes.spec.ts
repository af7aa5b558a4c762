import { adminSignIn, expect, test } from './fixtures';
import { apiToken, depositThroughPaymentPage, newPlayer, registerPlayer } from './helpers';

/**
 * Four eyes at 1280 × 720 (issue 43, item 3), by keyboard: a debit above the balance is refused at
 * once on the player page; a credit above the threshold (500.00) waits; another admin reaches it
 * from the dashboard's count, on "Waiting for a second admin", and approves it. No page scrolls
 * sideways.
 */
test('a debit above the balance is refused; a large credit waits and a second admin approves it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const player = newPlayer('qfoureyes');
  await registerPlayer(request, player);
  const token = await apiToken(request, player);
  await depositThroughPaymentPage(request, token, '100.00');
  const balance = async () => {
    const me = await request.get('/api/user/me', { headers: { authorization: `Token ${token}` } });
    return ((await me.json()) as { balance: string }).balance;
  };

  const first = await adminSignIn(browser, { prefix: 'staff4eyes1' });
  await first.page.setViewportSize({ width: 1280, height: 720 });
  const overflow = (page: typeof first.page) =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await first.page.goto(`/operator/players?q=${encodeURIComponent(player.username)}`);
  await expect(first.page.getByRole('heading', { level: 1 })).toContainText(player.username);
  expect(await overflow(first.page)).toBeLessThanOrEqual(0);

  /** Fills the adjustment form and sends it with Enter from its note's submit button. */
  const adjust = async (direction: 'Credit' | 'Debit', amount: string) => {
    await first.page.getByLabel('Credit or debit').selectOption(direction.toLowerCase());
    await first.page.locator('#adjust-amount').fill(amount);
    await first.page.locator('#adjust-note').fill(`${direction} of ${amount}`);
    await first.page.locator('#adjust-note').press('Tab');
    await expect(first.page.locator(':focus')).toHaveText('Adjust balance');
    await first.page.keyboard.press('Enter');
  };

  await adjust('Debit', '5000.00');
  await expect(
    first.page.getByText('Refused: the debit of €5,000.00 is more than the cash balance of €100.00.'),
  ).toBeVisible();
  expect(await balance()).toBe('100.00');

  await first.page.goto(`/operator/players?q=${encodeURIComponent(player.username)}`);
  await adjust('Credit', '600.00');
  await expect(first.page).toHaveURL(/done=adjustment_waiting/);
  expect(await balance()).toBe('100.00');

  const second = await adminSignIn(browser, { prefix: 'staff4eyes2' });
  await second.page.setViewportSize({ width: 1280, height: 720 });
  await second.page.goto('/operator');
  const count = second.page.locator('[data-figure="pending_adjustments"] a');
  await count.focus();
  await second.page.keyboard.press('Enter');
  await expect(second.page).toHaveURL(/\/operator\/adjustments$/);
  await expect(second.page.getByRole('heading', { level: 1 })).toHaveText('Waiting for a second admin');
  expect(await overflow(second.page)).toBeLessThanOrEqual(0);
  const row = second.page.locator('tr[data-adjustment]', { hasText: player.username });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Approve' }).focus();
  await second.page.keyboard.press('Enter');
  await expect(second.page.locator('tr[data-adjustment]', { hasText: player.username })).toHaveCount(0);
  expect(await balance()).toBe('700.00');
});
