import AxeBuilder from '@axe-core/playwright';
import { adminSignIn, expect, test } from './fixtures';
import { depositThroughPaymentPage, newPlayer, registerPlayer, apiToken, verifyIdentity } from './helpers';

/**
 * Layout: on a 1280 × 720 screen the withdrawals queue needs no sideways scrolling, and
 * every pending row's decision controls (tick, reference, "I have paid", approve; reason, reject)
 * lie inside the window, in light and dark.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test("the withdrawals queue's decision column fits at 1280 px, every control in view, axe 0", async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const ids: number[] = [];
  for (const amount of ['12.50', '20.00']) {
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
  await page.goto('/operator/withdrawals?sort=date&dir=desc');
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode });
    // No sideways scrolling of the page.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      `${mode}: page overflow`,
    ).toBeLessThanOrEqual(0);
    for (const id of ids) {
      const controls = [
        page.locator(`input[name="id"][value="${id}"]`),
        page.locator(`#reference-${id}`),
        page.locator(`form[action="/operator/withdrawals/${id}/approve"] input[name="confirm"]`),
        page.locator(`form[action="/operator/withdrawals/${id}/approve"] button[type="submit"]`),
        page.locator(`#reason-${id}`),
        page.locator(`form[action="/operator/withdrawals/${id}/reject"] button[type="submit"]`),
      ];
      for (const control of controls) {
        await control.scrollIntoViewIfNeeded();
        const box = (await control.boundingBox())!;
        expect(box, `${mode}: withdrawal ${id}`).not.toBeNull();
        expect(box.x, `${mode}: withdrawal ${id} left edge`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${mode}: withdrawal ${id} right edge`).toBeLessThanOrEqual(1280);
      }
    }
    // Nothing was scrolled sideways to show them.
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(
      results.violations,
      `${mode}: ${results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`).join('; ')}`,
    ).toEqual([]);
  }
  await context.close();
});
