import { readFileSync } from 'node:fs';
import { adminSignIn, expect, test } from './fixtures';
import { closeLowBalance, onePixelPng } from './helpers';

// A source-of-funds request answered from the profile, against the real server: risk staff ask in
// the console, the player (in Japanese, on a 360 px screen) sends a document from /ja/profile, and
// the console lists it with the request.
const sof = JSON.parse(readFileSync('locales/ja/profile.json', 'utf8')).source_of_funds;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test.use({ viewport: { width: 360, height: 740 } });

test('ja at 360 px: a player with a source-of-funds request sends a document; the console shows it', async ({
  page,
  browser,
  signedInPlayer,
}) => {
  test.setTimeout(120_000);
  const player = await signedInPlayer({ prefix: 'sofdoc', language: 'ja' });
  const { page: console_, context } = await adminSignIn(browser, { prefix: 'staffsof', role: 'risk' });
  await console_.goto(`/operator/players?q=${encodeURIComponent(player.email)}`);
  const playerPage = console_.url();
  await console_.getByRole('button', { name: 'Request source of funds' }).click();
  await expect(console_.locator('[data-sof="requested"]')).toBeVisible();
  await expect(console_.locator('[data-sof-documents]')).toContainText('sent no documents');

  await page.goto('/ja/profile');
  await closeLowBalance(page);
  const card = page.locator('section#source-of-funds');
  await expect(card.getByRole('heading', { name: sof.title })).toBeVisible();
  await expect(card.locator('[data-sof-count]')).toHaveText(sof.count.replace('{count}', '0').replace('{max}', '10'));
  const form = card.locator('form[data-form="source-of-funds"]');
  // Sending without a file is refused next to the field, before any upload.
  await form.getByRole('button', { name: sof.submit }).click();
  await expect(form.getByRole('alert').or(form.locator('[aria-invalid="true"]')).first()).toBeVisible();
  await form.getByLabel(sof.file).setInputFiles({ name: '給与明細.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.getByRole('button', { name: sof.submit }).click();
  await expect(card.getByRole('status').filter({ hasText: sof.sent })).toBeVisible();
  await expect(card.locator('[data-sof-count]')).toHaveText(sof.count.replace('{count}', '1').replace('{max}', '10'));
  // The next document starts from an empty field.
  await card
    .locator('form[data-form="source-of-funds"]')
    .getByLabel(sof.file)
    .setInputFiles({ name: '通帳.png', mimeType: 'image/png', buffer: onePixelPng() });
  await card.getByRole('button', { name: sof.submit }).click();
  await expect(card.locator('[data-sof-count]')).toHaveText(sof.count.replace('{count}', '2').replace('{max}', '10'));
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await console_.goto(playerPage);
  const documents = console_.locator('ul[data-sof-documents] li');
  await expect(documents).toHaveCount(2);
  await expect(documents.first()).toContainText('application/pdf');
  await expect(documents.nth(1)).toContainText('image/png');
  await console_.getByLabel('What was seen (kept in the audit log)').fill('Payslip and bank book seen');
  await console_.getByRole('button', { name: 'Mark source of funds reviewed' }).click();
  await expect(console_.locator('[data-sof="reviewed"]')).toBeVisible();
  // Reviewed: the profile no longer asks (the card goes).
  await page.reload();
  await expect(page.locator('section#verification')).toBeVisible();
  await expect(page.locator('section#source-of-funds')).toHaveCount(0);
  await context.close();
});
