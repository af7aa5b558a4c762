import type { APIRequestContext } from '@playwright/test';
import { expect, test, adminSignIn } from './fixtures';
import { apiToken, newPlayer, registerPlayer, onePixelPng } from './helpers';

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
  return player;
}

test('a risk user works a shared-document alert from open to resolved with a note', async ({ request, browser }) => {
  test.setTimeout(120_000);
  // One file, unique to this run (the e2e database is shared), uploaded by two accounts.
  const file = onePixelPng();
  const first = await playerUploading(request, file);
  await playerUploading(request, file);
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
  await page.getByLabel('Outcome').selectOption({ label: 'Interaction made' });
  await page.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByRole('status')).toHaveText('The alert is resolved.');
  await expect(page.locator('[data-state]')).toContainText('Resolved');
  await expect(page.locator('[data-state]')).toContainText('Interaction made');
  await expect(page.locator('.notes')).toContainText('Same passport scan as the linked account');
  await context.close();
});
