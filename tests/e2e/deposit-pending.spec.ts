import { expect, test } from './fixtures';

/**
 * A deposit left on the payment page shows in history at once, as pending, and as cancelled once
 * it ends without payment. The API suite covers the expiry with a moved clock.
 */
test('an abandoned deposit appears in history as pending, then as cancelled', async ({
  page,
  request,
  signedInPlayer,
}) => {
  const { token } = await signedInPlayer({ prefix: 'pend' });

  // The deposit page never shows the low-balance dialog (it is where that dialog points).
  await page.goto('/de/profile/deposit');
  const form = page.locator('form[data-form="deposit"]');
  await form.getByRole('button', { name: '25,00\u00a0€' }).click();
  await form.locator('button[type="submit"]').click();
  await page.waitForURL('**/demo-pay/**');
  const paymentPage = page.url();

  // The player walks away from the payment page without paying.
  await page.goto('/de/profile/history');
  const row = page.locator('tr[data-type="deposit"]');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-status', 'pending');
  await expect(row).toContainText('Ausstehend');
  await expect(row).toContainText('25,00\u00a0€');

  // Back on the payment page, the cancel button ends it; history then says so.
  await page.goto(paymentPage);
  await page.locator('button.cancel').click();
  await page.waitForURL((url) => url.pathname === '/de/profile/deposit');
  await page.goto('/de/profile/history');
  await expect(row).toHaveAttribute('data-status', 'cancelled');
  await expect(row).toContainText('Abgebrochen');
  expect(
    (await (await request.get('/api/user/me', { headers: { authorization: `Token ${token}` } })).json()).balance,
  ).toBe('0.00');
});
