import { adminSignIn, expect, test } from './fixtures';
import { apiToken, depositThroughPaymentPage, newPlayer, registerPlayer } from './helpers';

/**
 * The reports page and the dashboard at 1280 × 720 (issue 43), as payments staff read them: nothing
 * scrolls sideways, every table says what it holds, a country's row shows what its players did, and
 * the 90-day chart draws no bar thinner than 2 px. The figures themselves are checked against SQL
 * in tests/api/operator-reports.test.ts; here, the one country no other spec registers in.
 */
test('reports and the 90-day chart fit 1280 px, and a country row shows its players', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const player = { ...newPlayer('qreports'), country: 'LI' };
  await registerPlayer(request, player);
  await depositThroughPaymentPage(request, await apiToken(request, player), '37.00');

  const { page } = await adminSignIn(browser, { prefix: 'staffreports' });
  await page.setViewportSize({ width: 1280, height: 720 });
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  await page.goto('/operator/reports?period=30d');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  const tables = page.locator('main table');
  expect(await tables.count()).toBeGreaterThanOrEqual(5);
  const captions = await tables.evaluateAll((all) =>
    all.map((table) => (table as HTMLTableElement).caption?.textContent?.trim() ?? ''),
  );
  expect(captions.filter((caption) => caption === '')).toEqual([]);

  const liechtenstein = page.locator('tr[data-country="LI"]');
  await expect(liechtenstein).toHaveCount(1);
  await expect(liechtenstein.locator('[data-figure="deposits"]')).toHaveAttribute('data-value', '37.00');
  await expect(liechtenstein.locator('[data-figure="depositors"]')).toHaveAttribute('data-value', '1');

  // 90 days ending on the server's today, the last day of its period picker.
  const today = await page.locator('input#to').inputValue();
  await page.goto(`/operator?period=range&from=${dayBefore(today, 89)}&to=${today}`);
  const bars = page.locator('.chart svg rect');
  expect(await bars.count()).toBeGreaterThan(0);
  const widths = await bars.evaluateAll((all) => all.map((bar) => bar.getBoundingClientRect().width));
  expect(Math.min(...widths)).toBeGreaterThanOrEqual(2);
  expect(await overflow()).toBeLessThanOrEqual(0);
});

/** The UTC day `n` days before `day` (YYYY-MM-DD), as the period picker takes it. */
function dayBefore(day: string, n: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}
