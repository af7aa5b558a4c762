import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { newPlayer, waitForClientScript, submitSignUp } from './helpers';

const signUp = (page: Page) => page.locator('dialog.auth-dialog[data-dialog="sign-up"][open]');

test('the sign-up dialog refuses a common password in the page language before sending anything', async ({ page }) => {
  const player = newPlayer('weak');
  const sent: string[] = [];
  page.on('request', (req) => new URL(req.url()).pathname === '/auth/users/' && sent.push(req.method()));
  await page.goto('/de/faq#sign-up');
  await waitForClientScript(page);
  const form = signUp(page);
  await submitSignUp(form, { email: player.email, username: player.username, password: 'qwerty123' }, 'de');
  await expect(
    form.getByText('Dieses Passwort gehört zu den häufigsten. Wählen Sie eines, das schwerer zu erraten ist.'),
  ).toBeVisible();
  await expect(form.getByLabel('Passwort', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);

  // A strong one goes through, and the zxcvbn chunk was only fetched for this check.
  await form.getByLabel('Passwort', { exact: true }).fill(player.password);
  await form.getByRole('button', { name: 'Konto eröffnen' }).click();
  await expect(form.locator('[data-notice="check-inbox"]')).toContainText(player.email);
  expect(sent).toEqual(['POST']);
});

test('the sign-up dialog refuses a mixed-script username', async ({ page }) => {
  const player = newPlayer('mix');
  await page.goto('/#sign-up');
  await waitForClientScript(page);
  const form = signUp(page);
  await submitSignUp(form, { email: player.email, username: 'demо_player', password: player.password });
  await expect(
    form.getByText(
      'Use letters from one alphabet only: mixing alphabets, such as Latin with Cyrillic, can imitate other names.',
    ),
  ).toBeVisible();
});

test('a public page does not load the password dictionaries', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') scripts.push(await res.text().catch(() => ''));
  });
  await page.goto('/faq');
  await waitForClientScript(page);
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.some((source) => source.includes('diceware'))).toBe(false);
});
