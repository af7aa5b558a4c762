import AxeBuilder from '@axe-core/playwright';
import { adminSignIn, expect, test } from './fixtures';
import { depositThroughPaymentPage, newPlayer, registerPlayer, apiToken, verifyIdentity } from './helpers';

/**
 * The withdrawals queue at 1280 × 720 (issue 43): no sideways scrolling, one line a row, a row's
 * decision (opened from the left column) inside the window, in light and dark; then two rows
 * ticked from the keyboard (j moves, x ticks) and approved together.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test('the withdrawals queue at 1280 px: one line a row, decisions in view, keyboard ticks and bulk approval', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const ids: number[] = [];
  // Amounts no other spec uses, so the amount filter lists exactly these (the e2e database is shared).
  for (const amount of ['12.57', '12.58']) {
    // A long address and username: the widest the rules allow in the player column.
    const player = newPlayer('qwidelongname');
    await registerPlayer(request, player);
    const token = await apiToken(request, player);
    await depositThroughPaymentPage(request, token, '60.00');
    await verifyIdentity(request, token);
    const made = await request.post('/api/user/withdrawal', {
      headers: { authorization: `Token ${token}` },
      data: { amount, method: 'card', destination: '4000 0566 5566 5556' },
    });
    expect(made.status()).toBe(201);
    ids.push(((await made.json()) as { id: number }).id);
  }
  const { page, context } = await adminSignIn(browser, { prefix: 'staffwidth' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/operator/withdrawals?min=12.57&max=12.58&sort=amount');
  const rows = page.locator('tr[data-withdrawal]');
  await expect(rows).toHaveCount(2);
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode });
    expect(await overflow(), `${mode}: page overflow`).toBeLessThanOrEqual(0);
    // One line a row: no taller than one line of text and its padding.
    const lineHeight = await page.evaluate(() => parseFloat(getComputedStyle(document.body).lineHeight));
    for (const row of await rows.all()) expect((await row.boundingBox())!.height).toBeLessThan(2 * lineHeight);

    // A row's own decision opens from the left column, over the rows below: every control in the window.
    const first = rows.first();
    await first.locator('details.decision summary').click();
    const id = ids[0]!;
    for (const control of [
      page.locator(`#reference-${id}`),
      page.locator(`form[action="/operator/withdrawals/${id}/approve"] input[name="confirm"]`),
      page.locator(`form[action="/operator/withdrawals/${id}/approve"] button[type="submit"]`),
      page.locator(`#reason-${id}`),
      page.locator(`form[action="/operator/withdrawals/${id}/reject"] button[type="submit"]`),
    ]) {
      await control.scrollIntoViewIfNeeded();
      const box = (await control.boundingBox())!;
      expect(box.x, `${mode}: left edge`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${mode}: right edge`).toBeLessThanOrEqual(1280);
    }
    await first.locator('details.more summary').click();
    expect(await overflow(), `${mode}: overflow with both panels open`).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(
      results.violations,
      `${mode}: ${results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`).join('; ')}`,
    ).toEqual([]);
    await page.reload();
  }

  // Select all on the page ticks every row; again unticks them.
  const selectAll = page.getByLabel('Select all on this page');
  await selectAll.check();
  for (const id of ids) await expect(page.getByLabel(`Select ${id}`, { exact: true })).toBeChecked();
  await selectAll.uncheck();
  // The keyboard: j to the first row, x ticks it, j to the next, x ticks it.
  await page.locator('h1').click();
  for (const key of ['j', 'x', 'j', 'x']) await page.keyboard.press(key);
  for (const id of ids) await expect(page.getByLabel(`Select ${id}`, { exact: true })).toBeChecked();
  await expect(page.locator('[data-selected-count]')).toHaveText('2 selected');
  await page.getByLabel('Batch payout reference').fill('SEPA-BATCH-KEYS-1');
  await page.getByLabel('I have sent every selected payment').check();
  await page.getByRole('button', { name: 'Approve selected' }).click();
  await expect(page.getByRole('status')).toHaveText('2 withdrawals approved.');
  await context.close();
});
