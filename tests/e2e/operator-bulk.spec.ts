import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { parseCsvText, WITHDRAWAL_CSV_HEADER } from '../csv';
import { expect, test, adminSignIn } from './fixtures';
import {
  apiToken,
  depositThroughPaymentPage,
  newPlayer,
  registerPlayer,
  verifyIdentity,
  noAxeViolations,
} from './helpers';

/** A verified player with a pending card withdrawal of `amount`. */
async function pendingWithdrawal(request: APIRequestContext, amount: string) {
  const player = newPlayer('opbulk');
  await registerPlayer(request, player);
  const token = await apiToken(request, player);
  await depositThroughPaymentPage(request, token, '80.00');
  await verifyIdentity(request, token);
  const res = await request.post('/api/user/withdrawal', {
    headers: { authorization: `Token ${token}` },
    data: { amount, method: 'card', destination: '4000 0566 5566 5556' },
  });
  expect(res.status()).toBe(201);
  return { ...player, id: ((await res.json()) as { id: number }).id };
}

/** RFC 4180 with the UTF-8 byte-order mark the console writes. */
function parseCsv(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parseCsvText(bytes.subarray(3).toString('utf8'));
}

test('an admin filters the queue, bulk-approves three, downloads the CSV, finds them in the audit log; axe 0', async ({
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  // Amounts no other spec uses, so the amount filter picks exactly these (the e2e database is shared).
  const chosen = [
    await pendingWithdrawal(request, '13.41'),
    await pendingWithdrawal(request, '13.42'),
    await pendingWithdrawal(request, '13.43'),
  ];
  const outside = await pendingWithdrawal(request, '13.47');
  const { page, context } = await adminSignIn(browser, { prefix: 'staffbulk', acceptDownloads: true });
  await noAxeViolations(page); // the dashboard

  await page.getByRole('link', { name: 'Withdrawals', exact: true }).click();
  await page.getByLabel('Amount from').fill('13.41');
  await page.getByLabel('Amount to').fill('13.43');
  await page.getByLabel('Sort by').selectOption('amount');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.locator('[data-range]')).toHaveText('Showing 1–3 of 3');
  await expect(page.locator('[data-total-amount="EUR"]')).toHaveText('€40.26');
  await expect(page.locator('tr[data-withdrawal]')).toHaveCount(3);
  await expect(page.locator(`tr[data-withdrawal="${outside.id}"]`)).toHaveCount(0);
  await noAxeViolations(page);

  for (const { id } of chosen) await page.getByLabel(`Select ${id}`, { exact: true }).check();
  await page.getByLabel('Batch payout reference').fill('SEPA-BATCH-E2E-7');
  await page.getByLabel('I have sent every selected payment').check();
  await page.getByRole('button', { name: 'Approve selected' }).click();
  await expect(page.getByRole('status')).toHaveText('3 withdrawals approved.');
  await noAxeViolations(page);

  // The decided ones are listed under "Paid"; their CSV, downloaded and parsed.
  await page.goto('/operator/withdrawals?status=paid&min=13.41&max=13.43');
  await expect(page.locator('[data-range]')).toHaveText('Showing 1–3 of 3');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download these withdrawals as CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('withdrawals.csv');
  const rows = parseCsv(readFileSync((await download.path())!));
  expect(rows[0]).toEqual(WITHDRAWAL_CSV_HEADER);
  expect(
    rows
      .slice(1)
      .map((row) => [Number(row[0]), row[2], row[4], row[6], row[8], row[13]])
      .sort((a, b) => Number(a[0]) - Number(b[0])),
  ).toEqual(
    chosen.map((player, i) => [
      player.id,
      'completed',
      player.username,
      `13.4${i + 1}`,
      'Bank card',
      'SEPA-BATCH-E2E-7',
    ]),
  );

  // Each approval is its own audit row, linked to its withdrawal.
  await page.getByRole('link', { name: 'Audit log', exact: true }).click();
  for (const { id } of chosen) {
    await page.getByLabel('Action').selectOption('withdrawal.approve');
    await page.getByLabel('Target').fill(`withdrawal:${id}`);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const entry = page.locator('tr[data-action="withdrawal.approve"]');
    await expect(entry).toHaveCount(1);
    await expect(entry.getByRole('link', { name: `withdrawal:${id}` })).toHaveAttribute(
      'href',
      `/operator/withdrawals?status=all&id=${id}`,
    );
    await expect(entry).toContainText('"payout_reference":"SEPA-BATCH-E2E-7"');
    await expect(entry).toContainText('"bulk":true');
  }
  await noAxeViolations(page);

  // The other new pages: staff, payments, search with its results, a player with possible duplicates, news, a chosen
  // range.
  const playerPage = `/operator/players/${await playerId(page, chosen[0]!.email)}`;
  for (const path of [
    '/operator/staff',
    '/operator/payments',
    '/operator/players?q=opbulk',
    playerPage,
    '/operator/news',
    '/operator?period=range&from=2026-01-01&to=2026-12-31',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await noAxeViolations(page);
  }
  await context.close();
});

/** A player's id, from the console's search (an exact email opens the player). */
async function playerId(page: Page, email: string) {
  await page.goto(`/operator/players?q=${encodeURIComponent(email)}`);
  return Number(/\/operator\/players\/(\d+)$/.exec(page.url())![1]);
}
