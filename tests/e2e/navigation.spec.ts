import { expect, test } from '@playwright/test';
import { waitForClientScript } from './helpers';

test('a hash target rendered late is waited for and scrolled to', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto('/faq#late-answer');
  await waitForClientScript(page);
  // Stand in for an island that renders its content a moment after load.
  await page.waitForTimeout(800);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.evaluate(() => {
    const spacer = () => Object.assign(document.createElement('div'), { style: 'height: 3000px' });
    const target = Object.assign(document.createElement('h2'), { id: 'late-answer', textContent: 'Late answer' });
    document.querySelector('main')!.append(spacer(), target, spacer());
  });
  await expect
    .poll(() => page.evaluate(() => Math.abs(document.getElementById('late-answer')!.getBoundingClientRect().top)))
    .toBeLessThan(5);
});

test('a hash target that never appears leaves the page at the top', async ({ page }) => {
  await page.goto('/faq#never-there');
  await waitForClientScript(page);
  await page.waitForTimeout(3300);
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
