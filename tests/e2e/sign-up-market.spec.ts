import { expect, test } from '@playwright/test';
import { waitForClientScript } from './helpers';

/**
 * The sign-up form under the default market (MT, the MGA; docs/markets.md): the country of residence named in the
 * page's language, starting on a likely country the licence covers, and the monthly deposit limit it offers.
 */
test('ja: the country select is in Japanese and starts on Japan; the deposit limit is offered in EUR', async ({
  page,
}) => {
  await page.goto('/ja/faq#sign-up');
  await waitForClientScript(page);
  const form = page.locator('dialog.auth-dialog[data-dialog="sign-up"][open]');
  const country = form.getByLabel('居住国');
  await expect(country).toHaveValue('JP');
  await expect(country.locator('option:checked')).toHaveText('日本');
  await expect(country.locator('option[value="DE"]')).toHaveText('ドイツ');
  const limit = form.getByLabel('月間入金上限 (EUR)');
  await expect(limit).toBeVisible();
  await expect(limit).not.toHaveAttribute('required');
});

test('en in an American browser: the MGA licence covers neither the US nor GB, so the select starts empty', async ({
  page,
}) => {
  await page.goto('/faq#sign-up');
  await waitForClientScript(page);
  const form = page.locator('dialog.auth-dialog[data-dialog="sign-up"][open]');
  const country = form.getByLabel('Country of residence');
  await expect(country).toHaveValue('');
  await expect(country.locator('option:checked')).toHaveText('Choose your country');
});
