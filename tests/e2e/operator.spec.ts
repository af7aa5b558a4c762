import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser } from '@playwright/test';
import { expect, test, STAFF_PASSWORD, addStaff } from './fixtures';
import { Secret, TOTP } from 'otpauth';
import { apiToken, fillDocumentReading, newPlayer, registerPlayer, noAxeViolations, onePixelPng } from './helpers';
import { CONSOLE_PAGES } from '../operator-pages';

/** The German profile texts, so the player's steps read as a German player reads them. */
const verification = JSON.parse(readFileSync('locales/de/profile.json', 'utf8')).verification;

/** First sign-in in its own browser context: one-time password, own password, TOTP enrolment (axe on each page). */
async function staffSignIn(browser: Browser, role: 'admin' | 'support') {
  const staff = await addStaff(role);
  // Made through the running server, as an operator would.
  expect(staff.stdout).toContain('through the running server');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/operator/sign-in');
  await noAxeViolations(page);
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password').fill(staff.oneTimePassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose your own password');
  await noAxeViolations(page);
  await page.getByLabel('New password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel('New password again').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up two-factor sign-in');
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await noAxeViolations(page);
  const secret = (await page.locator('[data-totp-secret]').textContent())!.trim();
  const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
  await page.getByLabel('Six-digit code').fill(code);
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
  return { ...staff, page, context };
}

const withdraw = async (request: APIRequestContext, token: string, amount: string) => {
  const res = await request.post('/api/user/withdrawal', {
    headers: { authorization: `Token ${token}` },
    data: { amount, method: 'card', destination: '4000 0566 5566 5556' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
};
const balance = async (request: APIRequestContext, token: string) =>
  (
    (await (await request.get('/api/user/me', { headers: { authorization: `Token ${token}` } })).json()) as {
      balance: string;
    }
  ).balance;

test("a German player's document and withdrawal approved by staff with two-factor; a rejection refunds", async ({
  page,
  request,
  browser,
  signedInPlayer,
}) => {
  test.setTimeout(150_000);
  const player = await signedInPlayer({ prefix: 'opde', language: 'de', deposit: '60.00' });

  // The player sends their passport from the profile page (the verification card).
  await page.goto('/de/profile');
  const card = page.locator('section#verification');
  const form = card.locator('form[data-form="verification"]');
  await form
    .getByLabel(verification.photo_page)
    .setInputFiles({ name: 'reisepass.png', mimeType: 'image/png', buffer: onePixelPng() });
  await form.getByRole('button', { name: verification.submit }).click();
  await expect(card.locator('[data-status="pending"]')).toContainText(verification.status.pending);

  // Staff sign in (password, new password, TOTP enrolment) and approve the document.
  const staff = await staffSignIn(browser, 'admin');
  const console_ = staff.page;
  await console_.getByRole('link', { name: 'Verification', exact: true }).click();
  // axe reads every frame: start it only once the clicked page has loaded, not mid-navigation.
  await expect(console_).toHaveURL(/\/operator\/verifications$/);
  await console_.waitForLoadState();
  await noAxeViolations(console_);
  await console_.getByRole('link', { name: `Review ${player.username}` }).click();
  await expect(console_.getByRole('img', { name: 'front page' })).toBeVisible();
  await expect
    .poll(() => console_.getByRole('img', { name: 'front page' }).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(1);
  await noAxeViolations(console_);
  await fillDocumentReading(console_, {
    number: 'OPDE-1990-0412',
    name: 'Opde Tester',
    dateOfBirth: '1990-04-12',
    expiresOn: '2099-12-31',
  });
  await console_.getByRole('button', { name: 'Approve: identity verified' }).click();
  await expect(console_.getByRole('status')).toHaveText('Verification approved.');
  await page.reload();
  await expect(card.locator('[data-status="verified"]')).toContainText(verification.status.verified);

  // Now the player may withdraw; staff approve it.
  const approvedId = await withdraw(request, player.token, '20.00');
  await console_.getByRole('link', { name: 'Withdrawals', exact: true }).click();
  const row = console_.locator(`tr[data-withdrawal="${approvedId}"]`);
  await expect(row).toContainText(player.username);
  await expect(row).toContainText('€20.00');
  await expect(row).toContainText('verified');
  await noAxeViolations(console_);
  // Approving asks for the payout reference and a confirmation that the money was sent.
  await row.locator('details.decision summary').click();
  await row.getByLabel(/Payout reference/).fill('SEPA-E2E-0001');
  await row.getByLabel('I have sent this payment').check();
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(console_.getByRole('status')).toHaveText(`Withdrawal ${approvedId} approved.`);
  await expect(console_.locator(`tr[data-withdrawal="${approvedId}"]`)).toHaveCount(0);

  await page.goto('/de/profile/history?type=withdrawal');
  const completed = page.locator('tr[data-type="withdrawal"][data-status="completed"]');
  await expect(completed).toHaveCount(1);
  await expect(completed).toContainText('Abgeschlossen');
  await page.goto('/de/profile/notification');
  await expect(page.getByText('Auszahlung abgeschlossen')).toBeVisible();
  await expect(page.getByText('Ihre Auszahlung von 20,00\u00a0€ wurde genehmigt und überwiesen.')).toBeVisible();

  // Rejected: the reserved amount comes back, with the reason.
  const rejectedId = await withdraw(request, player.token, '15.00');
  expect(await balance(request, player.token)).toBe('25.00');
  await console_.reload();
  const second = console_.locator(`tr[data-withdrawal="${rejectedId}"]`);
  await second.locator('details.decision summary').click();
  await second.getByLabel('Reason for the player').fill('Die Karte gehört nicht Ihnen.');
  await second.getByRole('button', { name: 'Reject' }).click();
  await expect(console_.getByRole('status')).toHaveText(
    `Withdrawal ${rejectedId} rejected; the amount is back on the player's balance.`,
  );
  expect(await balance(request, player.token)).toBe('40.00');
  await page.goto('/de/profile/history?type=withdrawal');
  await expect(page.locator('tr[data-type="withdrawal"][data-status="cancelled"]')).toContainText(
    'Die Karte gehört nicht Ihnen.',
  );
  await page.goto('/de/profile/notification');
  await expect(page.getByText('Auszahlung abgelehnt')).toBeVisible();

  // The player's page in the console, then the audit log, with both decisions.
  await console_.getByRole('link', { name: 'Players' }).click();
  await console_.getByLabel('Email or username').fill(player.email);
  await console_.getByRole('button', { name: 'Search' }).click();
  await expect(console_.getByRole('heading', { level: 1 })).toHaveText(`Player ${player.username}`);
  await expect(console_.locator('[data-balance]')).toHaveText('€40.00');
  await noAxeViolations(console_);
  await console_.getByRole('link', { name: 'Audit log' }).click();
  await console_.getByLabel('Staff email').fill(staff.email);
  await console_.getByRole('button', { name: 'Show' }).click();
  await expect(console_.locator('tr[data-action="withdrawal.approve"]')).toHaveCount(1);
  await expect(console_.locator('tr[data-action="withdrawal.reject"]')).toHaveCount(1);
  await noAxeViolations(console_);
  await staff.context.close();
});

test('the console pages have no axe violations; support sees no decisions; a player token is refused', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const admin = await staffSignIn(browser, 'admin');
  for (const path of CONSOLE_PAGES) {
    await admin.page.goto(path);
    await noAxeViolations(admin.page);
  }
  // The preview (nothing is published: other specs count the broadcast list).
  await admin.page.goto('/operator/news');
  await admin.page.getByLabel('Title (en)').fill('Preview only');
  await admin.page.getByLabel('Text (en)').fill('Never published.');
  await admin.page.getByRole('button', { name: 'Preview' }).click();
  await expect(admin.page.getByText('No Deutsch text: Deutsch readers will see the English text.')).toBeVisible();
  await noAxeViolations(admin.page);
  await admin.context.close();

  const support = await staffSignIn(browser, 'support');
  await support.page.goto('/operator/withdrawals');
  await expect(support.page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  const news = await support.page.goto('/operator/news');
  expect(news!.status()).toBe(403);
  await support.context.close();

  const player = newPlayer('optoken');
  await registerPlayer(request, player);
  const token = await apiToken(request, player);
  const refused = await request.get('/operator/withdrawals', { headers: { authorization: `Token ${token}` } });
  expect(refused.status()).toBe(403);
  expect(refused.headers()['x-robots-tag']).toBe('noindex, nofollow');
});
