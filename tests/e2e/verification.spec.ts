import { readFileSync } from 'node:fs';
import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { closeLowBalance, rejectIdentity, verifyIdentity, onePixelPng } from './helpers';

// Identity verification, the player's half, in German against the real server: the
// card on /de/profile, and the withdrawal page's explanation.
const profile = JSON.parse(readFileSync('locales/de/profile.json', 'utf8'));
const api = JSON.parse(readFileSync('locales/de/api.json', 'utf8'));
const v = profile.verification;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const status = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/user/verification', { headers: { authorization: `Token ${token}` } })).json();

test('de: an identity card is checked as chosen, previewed, uploaded with progress, and then pending', async ({
  page,
  request,
  signedInPlayer,
}) => {
  const { token } = await signedInPlayer({ prefix: 'kyc' });
  const uploads: string[] = [];
  page.on(
    'request',
    (req) =>
      new URL(req.url()).pathname === '/api/user/verification' &&
      req.method() === 'POST' &&
      uploads.push(req.headers()['content-type'] ?? ''),
  );
  await page.goto('/de/profile');
  await closeLowBalance(page);
  const card = page.locator('section#verification');
  await expect(card.getByRole('heading', { name: v.title })).toBeVisible();
  await expect(card.locator('[data-status="none"]')).toContainText(v.status.none);
  const form = card.locator('form[data-form="verification"]');

  // A passport has one side; an identity card has two.
  await expect(form.getByLabel(v.photo_page)).toBeVisible();
  await expect(form.getByLabel(v.back)).toHaveCount(0);
  await form.getByLabel(v.document_type).selectOption({ label: v.documents.id_card });
  await expect(form.getByLabel(v.front)).toBeVisible();

  // A program renamed .jpg is refused by its bytes the moment it is chosen, next to its field.
  await form
    .getByLabel(v.front)
    .setInputFiles({ name: 'ausweis.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('MZ\x90\x00 not a picture') });
  await expect(form.locator('#field-front-error')).toHaveText(api.verification.file_type);
  await expect(form.getByLabel(v.front)).toHaveAttribute('aria-invalid', 'true');
  // Sending without a back says so too, and nothing goes to the server.
  await form.getByRole('button', { name: v.submit }).click();
  await expect(form.locator('#field-back-error')).toHaveText(api.verification.back_required);
  expect(uploads).toEqual([]);

  await form
    .getByLabel(v.front)
    .setInputFiles({ name: 'vorderseite.png', mimeType: 'image/png', buffer: onePixelPng() });
  await expect(form.locator('#field-front-error')).toHaveCount(0);
  const preview = form.locator('[data-preview="front"] img');
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect(preview).toHaveAttribute('alt', v.preview.replace('{name}', 'vorderseite.png'));
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await form.getByLabel(v.back).setInputFiles({ name: 'rückseite.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(form.locator('[data-preview="back"]')).toContainText('rückseite.pdf');
  await expect(form.locator('[data-preview="back"] img')).toHaveCount(0);

  // Held at the network until the progress bar has been seen, then let through to the real server.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/user/verification', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await held;
    await route.continue();
  });
  await form.getByRole('button', { name: v.submit }).click();
  const progress = form.locator('[data-upload-progress] progress');
  await expect(progress).toBeVisible();
  await expect(form.locator('[data-upload-progress] label')).toContainText(v.uploading.split(':')[0]);
  await expect(form.getByRole('button', { name: profile.common.busy })).toBeDisabled();
  release();

  await expect(card.locator('[data-status="pending"]')).toContainText(v.status.pending);
  await expect(card.getByRole('status').filter({ hasText: v.sent })).toBeVisible();
  await expect(card.locator('form')).toHaveCount(0);
  expect(uploads).toHaveLength(1);
  // Multipart, as the one unencrypted body of the API.
  expect(uploads[0]).toMatch(/^multipart\/form-data; boundary=/);
  expect(await status(request, token)).toMatchObject({ status: 'pending', document_type: 'id_card' });

  // After a reload the card says the same, from the server.
  await page.reload();
  await expect(card.locator('[data-status="pending"]')).toContainText(v.status.pending);
  await expect(card).toContainText(v.pending.split('(')[0]!.trim());
});

test('de: the withdrawal page says the first withdrawal needs a verified identity, and links to the card', async ({
  page,
  request,
  signedInPlayer,
}) => {
  const { token } = await signedInPlayer({ prefix: 'kyc' });
  await page.goto('/de/profile/withdrawal');
  await closeLowBalance(page);
  const note = page.locator('[data-verification-needed="none"]');
  await expect(note).toContainText(v.withdrawal_needed);
  const link = note.getByRole('link', { name: v.withdrawal_link });
  await expect(link).toHaveAttribute('href', '/de/profile#verification');
  // The form stays, so the limits and methods can be read, but disabled: nothing to type only to be refused.
  await expect(page.locator('form[data-form="withdrawal"]')).toBeVisible();
  await expect(page.locator('form[data-form="withdrawal"] input[name="amount"]')).toBeDisabled();
  await link.click();
  await expect(page).toHaveURL(/\/de\/profile#verification$/);
  await expect(page.locator('section#verification form[data-form="verification"]')).toBeVisible();

  // Verified (as staff would do it): the explanation is gone and the form is as before.
  await verifyIdentity(request, token);
  await page.goto('/de/profile/withdrawal');
  await expect(page.locator('form[data-form="withdrawal"]')).toBeVisible();
  await expect(page.locator('[data-verification-needed]')).toHaveCount(0);
  await page.goto('/de/profile');
  await expect(page.locator('section#verification [data-status="verified"]')).toContainText(v.status.verified);
});

test('de: after a rejection the card shows the staff reason as text and takes a new document', async ({
  page,
  request,
  signedInPlayer,
}) => {
  const { token } = await signedInPlayer({ prefix: 'kyc' });
  const headers = { authorization: `Token ${token}` };
  const first = await request.post('/api/user/verification', {
    headers,
    multipart: { document_type: 'passport', front: { name: 'pass.png', mimeType: 'image/png', buffer: onePixelPng() } },
  });
  expect(first.status()).toBe(201);
  const reason = 'Unscharf <img src=x data-injected> – bitte neu fotografieren';
  await rejectIdentity(request, token, reason);
  await page.goto('/de/profile#verification');
  await closeLowBalance(page);
  const card = page.locator('section#verification');
  await expect(card.locator('[data-status="rejected"]')).toContainText(v.status.rejected);
  await expect(card.locator('.verification__reason')).toHaveText(reason);
  await expect(card.locator('[data-injected]')).toHaveCount(0);
  await expect(card).toContainText(v.rejected.replace('{document}', v.documents.passport));

  // Keyboard only: the type stays passport, the file is chosen, and Enter on the button sends it.
  const form = card.locator('form[data-form="verification"]');
  await form.getByLabel(v.photo_page).setInputFiles({ name: 'pass.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.getByRole('button', { name: v.submit }).focus();
  await page.keyboard.press('Enter');
  await expect(card.locator('[data-status="pending"]')).toContainText(v.status.pending);
  expect(await status(request, token)).toMatchObject({ status: 'pending', document_type: 'passport' });
});

test('de: while a document is pending, the withdrawal page says it is being reviewed', async ({
  page,
  request,
  signedInPlayer,
}) => {
  const { token } = await signedInPlayer({ prefix: 'kyc' });
  const sent = await request.post('/api/user/verification', {
    headers: { authorization: `Token ${token}` },
    multipart: { document_type: 'passport', front: { name: 'pass.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(sent.status()).toBe(201);
  await page.goto('/de/profile/withdrawal');
  await closeLowBalance(page);
  await expect(page.locator('[data-verification-needed="pending"]')).toHaveText(v.withdrawal_pending);
});
