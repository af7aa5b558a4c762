import { expect, test, type Page } from '@playwright/test';
import { waitForClientScript } from './helpers';

const html = (page: Page) => page.locator('html');

test.describe('system preference', () => {
  test.use({ colorScheme: 'dark' });

  test('dark system means p-dark until the player picks light, which persists', async ({ page }) => {
    await page.goto('/faq');
    await expect(html(page)).toHaveClass(/p-dark/);
    await waitForClientScript(page);
    const group = page.getByRole('group', { name: 'Colour mode' });
    await expect(group.getByRole('radio', { name: 'System' })).toBeChecked();

    await group.getByRole('radio', { name: 'Light' }).click();
    await expect(html(page)).not.toHaveClass(/p-dark/);
    expect(await page.evaluate(() => localStorage.getItem('color-mode'))).toBe('light');

    await page.goto('/ru/rules');
    await expect(html(page)).not.toHaveClass(/p-dark/);
    await waitForClientScript(page);
    await expect(
      page.getByRole('group', { name: 'Цветовая тема' }).getByRole('radio', { checked: true }),
    ).toHaveAttribute('value', 'light');
  });

  test('"system" follows the operating system live', async ({ page }) => {
    await page.goto('/');
    await waitForClientScript(page);
    await expect(html(page)).toHaveClass(/p-dark/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).not.toHaveClass(/p-dark/);
  });
});

test('choosing dark on a light system persists across pages and reloads', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await waitForClientScript(page);
  await expect(html(page)).not.toHaveClass(/p-dark/);
  await page.getByRole('group', { name: 'Colour mode' }).getByRole('radio', { name: 'Dark' }).click();
  await expect(html(page)).toHaveClass(/p-dark/);
  await page.reload();
  await expect(html(page)).toHaveClass(/p-dark/);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(17, 18, 20)');
});

test('the stored mode is applied before the body is parsed: no flash', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('color-mode', 'dark');
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    // Record the html classes when the first visible element inside <body> is parsed.
    new MutationObserver((mutations, observer) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (node instanceof HTMLElement && node.tagName !== 'SCRIPT' && node.parentElement?.closest('body')) {
            seen.push(document.documentElement.className);
            observer.disconnect();
            return;
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/loyal');
  const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
  expect(seen[0]).toContain('p-dark');
});

test.describe('a page that forces a mode', () => {
  /** Serves a real page from our server with the attribute a layout sets via `forceColorMode`. */
  async function forcePage(page: Page, mode: string) {
    await page.route('**/faq', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        '<html lang="en"',
        `<html lang="en" data-force-color-mode="${mode}"`,
      );
      await route.fulfill({ response, body });
    });
  }

  test('forcing dark wins over a stored light preference', async ({ page }) => {
    await forcePage(page, 'dark');
    await page.addInitScript(() => localStorage.setItem('color-mode', 'light'));
    await page.goto('/faq');
    await expect(html(page)).toHaveClass(/p-dark/);
  });

  test('forcing "system" is refused with a console warning and the stored preference is used', async ({ page }) => {
    await forcePage(page, 'system');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.addInitScript(() => localStorage.setItem('color-mode', 'dark'));
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await page.goto('/faq');
    await expect(html(page)).toHaveClass(/p-dark/);
    expect(warnings.some((w) => w.includes('cannot force "system"'))).toBe(true);
  });
});

test('the colour-mode control is a labelled group of three visible choices, usable by keyboard', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/de/faq');
  await waitForClientScript(page);
  const group = page.getByRole('group', { name: 'Farbmodus' });
  await expect(group).toBeVisible();
  const radios = group.getByRole('radio');
  await expect(radios).toHaveCount(3);
  // All three choices are visible text, not hidden in a closed select.
  for (const name of ['Systemstandard', 'Hell', 'Dunkel'])
    await expect(group.getByText(name, { exact: true })).toBeVisible();
  await expect(group.getByRole('radio', { name: 'Systemstandard' })).toBeChecked();

  // Keyboard: focus the checked radio, arrows move the choice and apply it at once.
  await group.getByRole('radio', { name: 'Systemstandard' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(group.getByRole('radio', { name: 'Hell' })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(group.getByRole('radio', { name: 'Dunkel' })).toBeChecked();
  await expect(html(page)).toHaveClass(/p-dark/);
  expect(await page.evaluate(() => localStorage.getItem('color-mode'))).toBe('dark');
});
