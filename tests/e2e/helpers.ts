import type { Page } from '@playwright/test';

/** Resolves once the page's bundled client script has run and wired the header controls. */
export async function waitForClientScript(page: Page): Promise<void> {
  await page.locator('html[data-client-ready]').waitFor({ state: 'attached' });
}
