import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { waitForClientScript } from './helpers';

const PAGES = ['/', '/faq', '/ja/faq', '/hi/rules', '/de/loyal', '/zh/responsible_gaming', '/profile/deposit', '/ru/no-such-page'];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} mode`, () => {
    test.use({ colorScheme: mode });

    for (const path of PAGES) {
      test(`axe finds no violations on ${path}`, async ({ page }) => {
        await page.goto(path);
        await waitForClientScript(page);
        await expect(page.locator('html')).toHaveClass(mode === 'dark' ? /p-dark/ : /^(?!.*p-dark)/);
        const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
      });
    }

    test('axe finds no violations with the language menu open', async ({ page }) => {
      await page.goto('/de/loyal');
      await waitForClientScript(page);
      await page.locator('[data-language-switcher] summary').click();
      const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(results.violations.map((v) => v.id)).toEqual([]);
    });
  });
}
