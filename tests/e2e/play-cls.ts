import { expect, type Page } from '@playwright/test';

/** CLS as web-vitals counts it (largest session window), from load until the mode buttons are shown. */
export async function playCls(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    let session = 0;
    let first = 0;
    let last = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (entry.hadRecentInput) continue;
        if (session && entry.startTime - last < 1000 && entry.startTime - first < 5000) session += entry.value;
        else {
          session = entry.value;
          first = entry.startTime;
        }
        last = entry.startTime;
        w.__cls = Math.max(w.__cls, session);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/play?game=amber-fortune');
  await expect(page.locator('[data-play-modes][data-ready]')).toBeVisible();
  await expect(page.locator('[data-game-provider]')).not.toBeEmpty();
  // Let late shifts (fonts, the session script) arrive.
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}
