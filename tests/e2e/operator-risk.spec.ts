import type { APIRequestContext } from '@playwright/test';
import { expect, test, adminSignIn } from './fixtures';
import { apiToken, depositThroughPaymentPage, newPlayer, registerPlayer, onePixelPng, verifyIdentity } from './helpers';

/** A player who uploads `file` as their passport's front. */
async function playerUploading(request: APIRequestContext, file: Buffer) {
  const player = newPlayer('oprisk');
  await registerPlayer(request, player);
  const token = await apiToken(request, player);
  const res = await request.post('/api/user/verification', {
    headers: { authorization: `Token ${token}` },
    multipart: { document_type: 'passport', front: { name: 'passport.png', mimeType: 'image/png', buffer: file } },
  });
  expect(res.status()).toBe(201);
  return { ...player, token };
}

/** Two accounts upload one file (unique to this run: the e2e database is shared): a high alert on each. */
async function sharedDocumentPair(request: APIRequestContext) {
  const file = onePixelPng();
  const first = await playerUploading(request, file);
  const second = await playerUploading(request, file);
  return { first, second };
}

test('a risk user works a shared-document alert from open to resolved with a note and an interaction', async ({
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const { first } = await sharedDocumentPair(request);
  const { page, context } = await adminSignIn(browser, { prefix: 'staffrisk', role: 'risk' });

  await page.getByRole('link', { name: 'Risk alerts', exact: true }).click();
  await page.getByLabel('Rule').selectOption('link.shared_document');
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const row = page.locator('tr[data-alert]', { hasText: first.username });
  await expect(row).toContainText('High');
  await row.getByRole('link', { name: 'Open' }).click();

  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByRole('status')).toHaveText('The alert is assigned to you.');
  await page.getByLabel('Note').fill('Same passport scan as the linked account; asked the player to call.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('status')).toHaveText('Note added.');
  await page.getByLabel('Type').selectOption({ label: 'phone call' });
  await page.getByLabel('What was said').fill('Phoned: the scan is the player’s own; will send a fresh photo.');
  await page.getByRole('button', { name: 'Record interaction' }).click();
  await expect(page.getByRole('status')).toHaveText('Interaction recorded with the player and on this alert.');
  await page.getByLabel('Outcome').selectOption({ label: 'Interaction made' });
  await page.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByRole('status')).toHaveText('The alert is resolved.');
  await expect(page.locator('[data-state]')).toContainText('Resolved');
  await expect(page.locator('[data-state]')).toContainText('Interaction made');
  await expect(page.locator('.notes').first()).toContainText('Same passport scan as the linked account');
  await expect(page.locator('[data-interactions]')).toContainText('the resolution refers to this interaction');
  await context.close();
});

test('support sees an alert but is offered no way to resolve it', async ({ request, browser }) => {
  test.setTimeout(120_000);
  const { first } = await sharedDocumentPair(request);
  const { page, context } = await adminSignIn(browser, { prefix: 'staffsupport', role: 'support' });
  await page.goto('/operator/risk/alerts?rule=link.shared_document');
  await page.locator('tr[data-alert]', { hasText: first.username }).getByRole('link', { name: 'Open' }).click();
  await expect(page.locator('[data-state]')).toContainText('Open');
  await expect(
    page.getByText('Your role can see this alert; assigning, notes and resolving are for the risk role'),
  ).toBeVisible();
  for (const name of ['Resolve', 'Assign to me', 'Record interaction'])
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  await expect(page.getByLabel('Outcome')).toHaveCount(0);
  await context.close();
});

test('approving a withdrawal of a player with an open high alert asks for a reason at 1,280 px', async ({
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const { first } = await sharedDocumentPair(request);
  await verifyIdentity(request, first.token);
  await depositThroughPaymentPage(request, first.token, '80.00');
  const made = await request.post('/api/user/withdrawal', {
    headers: { authorization: `Token ${first.token}` },
    data: { amount: '17.29', method: 'card', destination: '4000 0566 5566 5556' },
  });
  expect(made.status()).toBe(201);
  const id = ((await made.json()) as { id: number }).id;

  const { page, context } = await adminSignIn(browser, { prefix: 'staffriskpay' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/operator/withdrawals?id=${id}`);
  const row = page.locator(`tr[data-withdrawal="${id}"]`);
  await expect(row).toContainText('high risk alert open');
  await row.locator('details.decision summary').click();
  const reason = page.getByLabel('Reason to approve despite the open high risk alert');
  await expect(reason).toBeVisible();
  const box = (await reason.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  await page.locator(`#reference-${id}`).fill('SEPA-RISK-1');
  await page.locator(`form[action="/operator/withdrawals/${id}/approve"] input[name="confirm"]`).check();
  // Without a reason the form does not go: the browser asks for it (the server refuses it too).
  await page.locator(`form[action="/operator/withdrawals/${id}/approve"] button[type="submit"]`).click();
  expect(await reason.evaluate((field: HTMLTextAreaElement) => field.validity.valueMissing)).toBe(true);
  await expect(page).toHaveURL(/\/operator\/withdrawals\?id=/);
  await reason.fill('Document checked by phone with the player; funds from salary.');
  await page.locator(`form[action="/operator/withdrawals/${id}/approve"] button[type="submit"]`).click();
  await expect(page.getByRole('status')).toHaveText(`Withdrawal ${id} approved.`);
  await context.close();
});
