import { expect, test, type Page } from '@playwright/test';
import { waitForClientScript } from './helpers';

/** The page's timers stand still from the start, and the test moves them (no real waiting). */
async function stoppedClock(page: Page) {
  await page.clock.install({ time: new Date('2026-01-05T10:00:00Z') });
  await page.clock.pauseAt(new Date('2026-01-05T10:01:00Z'));
}

test('a hash target rendered late is waited for and scrolled to', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await stoppedClock(page);
  await page.goto('/faq#late-answer');
  await waitForClientScript(page);
  // Stand in for an island that renders its content a moment after load: 0.8 s of polling find nothing.
  await page.clock.runFor(800);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.evaluate(() => {
    const spacer = () => Object.assign(document.createElement('div'), { style: 'height: 3000px' });
    const target = Object.assign(document.createElement('h2'), { id: 'late-answer', textContent: 'Late answer' });
    document.querySelector('main')!.append(spacer(), target, spacer());
  });
  // The next poll (every 100 ms) finds it.
  await page.clock.runFor(100);
  await expect
    .poll(() => page.evaluate(() => Math.abs(document.getElementById('late-answer')!.getBoundingClientRect().top)))
    .toBeLessThan(5);
});

test('a hash target that never appears leaves the page at the top', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await stoppedClock(page);
  await page.goto('/faq#never-there');
  await waitForClientScript(page);
  // The page looks for 3 s, then stops looking: a target that appears after that is not scrolled to.
  await page.clock.runFor(3300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.evaluate(() => {
    const scrolled: string[] = [];
    Object.assign(window, { scrolled });
    Element.prototype.scrollIntoView = function () {
      scrolled.push(this.id);
    };
    const target = Object.assign(document.createElement('h2'), { id: 'never-there', textContent: 'Too late' });
    document
      .querySelector('main')!
      .append(Object.assign(document.createElement('div'), { style: 'height: 3000px' }), target);
  });
  await page.clock.runFor(500);
  expect(await page.evaluate(() => (window as unknown as { scrolled: string[] }).scrolled)).toEqual([]);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('every navigation starts at the top, even a reload after scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 300 });
  await page.goto('/profile/history');
  await waitForClientScript(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.reload();
  await waitForClientScript(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  // On a phone the section navigation is a disclosure: open it, then pick a section.
  const sections = page.getByRole('navigation', { name: 'Account sections' });
  await sections.locator('summary').click();
  await sections.getByRole('link', { name: 'Deposit' }).click();
  await expect(page).toHaveURL(/\/profile\/deposit$/);
  await waitForClientScript(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
