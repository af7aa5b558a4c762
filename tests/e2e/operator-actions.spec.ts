import { readFileSync } from 'node:fs';
import { expect, test, adminSignIn } from './fixtures';
import {
  apiToken,
  depositThroughPaymentPage,
  fillDocumentReading,
  mailTo,
  newPlayer,
  registerPlayer,
  noAxeViolations,
  onePixelPng,
} from './helpers';

/**
 * An admin acts on a player from the console (the document, a credit with a reason, a chargeback of
 * a deposit, a suspension) and the player sees each result on the site, in German.
 */
const de = (namespace: string) => JSON.parse(readFileSync(`locales/de/${namespace}.json`, 'utf8'));
const profile = de('profile');
const api = de('api');
const auth = de('auth');

test('an admin approves a document, credits 25.00, records a chargeback and suspends; the player sees each', async ({
  page,
  browser,
  signedInPlayer,
}) => {
  test.setTimeout(180_000);
  const player = await signedInPlayer({ prefix: 'opact', language: 'de', deposit: '30.00' });

  // The player sends a passport from their profile.
  await page.goto('/de/profile');
  const card = page.locator('section#verification');
  await card
    .locator('form[data-form="verification"]')
    .getByLabel(profile.verification.photo_page)
    .setInputFiles({ name: 'pass.png', mimeType: 'image/png', buffer: onePixelPng() });
  await card.getByRole('button', { name: profile.verification.submit }).click();
  await expect(card.locator('[data-status="pending"]')).toContainText(profile.verification.status.pending);

  // The admin compares the document with the account (date of birth, account age) and approves it.
  const { page: console_, context } = await adminSignIn(browser, { prefix: 'staffadmin' });
  await console_.goto('/operator/verifications');
  await console_.getByRole('link', { name: `Review ${player.username}` }).click();
  await expect(console_.locator('[data-date-of-birth]')).toHaveText('1990-04-12');
  await expect(console_.locator('[data-account-age]')).toHaveText('0 days');
  await console_.waitForLoadState();
  await noAxeViolations(console_);
  // Approving asks what the admin reads on the document; an expired one is refused on its field,
  // with everything typed kept.
  const reading = { number: 'c01x 4f7 2a', name: 'Opact Tester', dateOfBirth: '1990-04-12', expiresOn: '2020-01-31' };
  await fillDocumentReading(console_, reading);
  await console_.getByRole('button', { name: 'Approve: identity verified' }).click();
  const expiry = console_.getByLabel('Expiry date', { exact: true });
  await expect(expiry).toHaveAttribute('aria-invalid', 'true');
  await expect(expiry).toHaveAccessibleDescription(
    'YYYY-MM-DD The document expired on 2020-01-31: an expired document cannot be approved. Reject it as expired.',
  );
  await expect(console_.getByRole('alert')).toContainText('The document expired on 2020-01-31');
  await expect(console_.getByLabel('Document number', { exact: true })).toHaveValue('c01x 4f7 2a');
  await expect(console_.getByLabel('Full name on the document', { exact: true })).toHaveValue('Opact Tester');
  await expect(expiry).toHaveValue('2020-01-31');
  await noAxeViolations(console_);
  await expiry.fill('2099-12-31');
  await console_.getByRole('button', { name: 'Approve: identity verified' }).click();
  await expect(console_.getByRole('status')).toHaveText('Verification approved.');
  await page.reload();
  await expect(card.locator('[data-status="verified"]')).toContainText(profile.verification.status.verified);
  await page.goto('/de/profile/notification');
  await expect(page.getByText(api.notifications.verification_verified_title)).toBeVisible();
  await expect(page.getByText(api.notifications.verification_verified_body)).toBeVisible();

  // A goodwill credit of 25.00: the player sees it in their history.
  await console_.goto('/operator/players');
  await console_.getByLabel('Email or username').fill(player.email);
  await console_.getByRole('button', { name: 'Search' }).click();
  await expect(console_.getByRole('heading', { level: 1 })).toHaveText(`Player ${player.username}`);
  await noAxeViolations(console_);
  const adjust = console_.getByRole('form', { name: 'Adjust balance' });
  await adjust.getByLabel('Credit or debit').selectOption('credit');
  await adjust.getByLabel('Amount').fill('25.00');
  await adjust.getByLabel('Reason').selectOption('goodwill');
  await adjust.getByLabel('Note').fill('Game froze during a win');
  await adjust.getByRole('button', { name: 'Adjust balance' }).click();
  await expect(console_.getByRole('status')).toHaveText('Balance adjusted.');
  await expect(console_.locator('[data-balance]')).toHaveText('€55.00');
  await noAxeViolations(console_);
  await page.goto('/de/profile/history?type=adjustment');
  const credited = page.locator('tr[data-type="adjustment"][data-status="completed"]');
  await expect(credited).toHaveCount(1);
  await expect(credited).toContainText(api.history.adjustment_goodwill);
  await expect(credited).toContainText('25,00');

  // The bank charges the 30.00 deposit back: the admin records it from the player page (1,280 px wide),
  // where the deposit shows the provider's reference; the balance drops, withdrawals are held, and the
  // player's history has the charged-back deposit.
  expect(console_.viewportSize()?.width).toBe(1280);
  await console_.goto(console_.url().split('?')[0]!);
  const deposit = console_.locator('tr[data-deposit]');
  await expect(deposit.locator('[data-reference]')).toHaveText(/^DEMO-[0-9A-F]{16}$/);
  // The deposit's forms fit the page: no sideways scroll.
  expect(
    await console_.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBe(0);
  const chargeback = deposit.locator('form[data-deposit-action="chargeback"]');
  await chargeback.getByLabel('Reason').fill('Bank chargeback CB-1');
  await chargeback.getByRole('button', { name: 'Record chargeback' }).click();
  await expect(console_.getByRole('status')).toContainText('Chargeback recorded');
  await expect(deposit.locator('[data-deposit-status]')).toHaveText('charged back');
  await expect(console_.locator('[data-balance]')).toHaveText('€25.00');
  await expect(console_.locator('[data-withdrawals-held]')).toBeVisible();
  await noAxeViolations(console_);
  await page.goto('/de/profile/history?type=deposit');
  await expect(
    page.locator('tr[data-type="deposit"]', {
      hasText: api.history.deposit_charged_back.replace('{method}', api.methods.card),
    }),
  ).toContainText('30,00');

  // Suspended: the player's open page is signed out at its next request, and sign-in names support.
  await page.goto('/de/profile');
  await expect(page.locator('html')).toHaveAttribute('data-session', 'in');
  const suspend = console_.getByRole('form', { name: 'Suspend account' });
  await suspend.getByLabel('Reason').fill('Payment fraud check');
  await suspend.getByRole('button', { name: 'Suspend account' }).click();
  await expect(console_.getByRole('status')).toHaveText('Account suspended; the player was signed out everywhere.');
  await expect(console_.locator('[data-account-state]')).toContainText('suspended since');
  await noAxeViolations(console_);
  await page.goto('/de/faq');
  await expect(page.locator('html')).toHaveAttribute('data-session', 'out');
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'auth_token')).toBeUndefined();
  await page.goto('/de/faq#sign-in');
  const form = page.locator('dialog.auth-dialog[data-dialog="sign-in"][open]');
  await form.getByLabel(auth.fields.email).fill(player.email);
  await form.getByLabel(auth.fields.password, { exact: true }).fill(player.password);
  await form.getByRole('button', { name: auth.sign_in.submit }).click();
  await expect(form.getByRole('alert')).toContainText(api.account.suspended.split('{email}')[0].trim());
  await context.close();
});

test("Change email: the new address's link opens a page in the player's language that changes it in one press", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const player = newPlayer('opmail');
  await registerPlayer(request, player, 'de');
  const { page: console_, context } = await adminSignIn(browser, { prefix: 'staffadmin' });
  await console_.goto('/operator/players');
  await console_.getByLabel('Email or username').fill(player.email);
  await console_.getByRole('button', { name: 'Search' }).click();
  const newEmail = `neu_${player.email}`;
  const change = console_.getByRole('form', { name: 'Change email' });
  await change.getByLabel('New email address').fill(newEmail);
  await change.getByLabel('Reason').fill('Old mailbox closed, identity checked');
  await change.getByRole('button', { name: 'Change email' }).click();
  await expect(console_.getByRole('status')).toHaveText(
    'A confirmation link was sent to the new address, and a notice to the old one.',
  );
  await context.close();

  const link = /http:\/\/\S+\/email-change#token=[0-9a-f]{40}/.exec((await mailTo(newEmail, /email-change/)).text)![0];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(api.email_change.title);
    await expect(page.getByText(newEmail)).toBeVisible();
    // The page read the token from the fragment and posted it: the address no longer holds it.
    expect(new URL(page.url()).pathname).toBe('/email-change/view');
    expect(page.url()).not.toContain(link.split('#token=')[1]!);
    await noAxeViolations(page);
  }
  await page.getByRole('button', { name: api.email_change.button }).click();
  await expect(page.getByRole('status')).toHaveText(api.email_change.done.replace('{email}', newEmail));
  await noAxeViolations(page);
  const login = await request.post('/auth/token/login/', { data: { email: newEmail, password: player.password } });
  expect(login.status()).toBe(200);
});

test('a refund on self-exclusion is paid to a staff-recorded destination, never rejected; the queue is axe 0', async ({
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const player = newPlayer('oprefund');
  await registerPlayer(request, player);
  const token = await apiToken(request, player);
  await depositThroughPaymentPage(request, token, '20.00');
  const excluded = await request.post('/api/user/self-exclusion', {
    headers: { authorization: `Token ${token}` },
    data: { period: '6m', password: player.password, confirm: true },
  });
  expect(excluded.status()).toBe(200);

  const { page: console_, context } = await adminSignIn(browser, { prefix: 'staffadmin' });
  await console_.goto('/operator/withdrawals');
  const row = console_.locator('tr', { hasText: player.username }).filter({ hasText: 'refund on self-exclusion' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  await noAxeViolations(console_);
  await row.locator('details.decision summary').click();
  await row.getByLabel('Method', { exact: true }).selectOption('bank_transfer');
  await row.getByLabel('Paid to (card number, IBAN or wallet address)').fill('DE89 3704 0044 0532 0130 00');
  await row.getByLabel(/Payout reference/).fill('SEPA-REFUND-1');
  await row.getByLabel('I have sent this payment').check();
  await row.getByRole('button', { name: 'Record refund as paid' }).click();
  await expect(console_.getByRole('status')).toHaveText(/^Refund \d+ recorded as paid\.$/);
  await expect(console_.locator('tr', { hasText: player.username })).toHaveCount(0);
  await context.close();
});

test('an admin closes an account from the player page: balance paid out, player signed out, sign-in unknown', async ({
  page,
  browser,
  signedInPlayer,
}) => {
  test.setTimeout(150_000);
  const player = await signedInPlayer({ prefix: 'opclose', language: 'de', deposit: '20.00', verified: true });
  await page.goto('/de/profile');
  await expect(page.locator('html')).toHaveAttribute('data-session', 'in');

  const { page: console_, context } = await adminSignIn(browser, { prefix: 'staffadmin' });
  await console_.goto('/operator/players');
  await console_.getByLabel('Email or username').fill(player.email);
  await console_.getByRole('button', { name: 'Search' }).click();
  await expect(console_.getByRole('heading', { level: 1 })).toHaveText(`Player ${player.username}`);
  const close = console_.getByRole('form', { name: 'Close account' });
  await expect(close.locator('#close-balance')).toHaveText(
    'Balance to pay out: €20.00. Enter where the player wants it sent.',
  );
  for (const scheme of ['light', 'dark'] as const) {
    await console_.emulateMedia({ colorScheme: scheme });
    await noAxeViolations(console_);
  }
  await close.getByLabel('Method', { exact: true }).selectOption('bank_transfer');
  await close.getByLabel('Paid to (card number, IBAN or wallet address)').fill('DE89 3704 0044 0532 0130 00');
  await close.getByLabel('Reason').fill('The player asked by email to close the account');
  await close.getByLabel('The player asked to close their account').check();
  await close.getByRole('button', { name: 'Close account' }).click();
  await expect(console_.getByRole('status')).toHaveText(
    "Account closed at the player's request; the player was signed out everywhere. Any balance waits in " +
      'the withdrawals queue as one withdrawal.',
  );
  await expect(console_.locator('[data-account-state]')).toContainText('closed since');
  await expect(console_.locator('[data-balance]')).toHaveText('€0.00');
  await expect(console_.getByRole('form', { name: 'Close account' })).toHaveCount(0);
  for (const scheme of ['light', 'dark'] as const) {
    await console_.emulateMedia({ colorScheme: scheme });
    await noAxeViolations(console_);
  }
  await console_.goto('/operator/withdrawals');
  await expect(console_.locator('tr', { hasText: player.username })).toContainText('€20.00');
  await context.close();

  // The player's open page is signed out at its next request.
  await page.goto('/de/faq');
  await expect(page.locator('html')).toHaveAttribute('data-session', 'out');
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'auth_token')).toBeUndefined();

  // Sign-in answers exactly as for an address that has no account.
  const signIn = async (email: string) => {
    await page.goto('/de/faq');
    await page.goto('/de/faq#sign-in');
    const form = page.locator('dialog.auth-dialog[data-dialog="sign-in"][open]');
    await form.getByLabel(auth.fields.email).fill(email);
    await form.getByLabel(auth.fields.password, { exact: true }).fill(player.password);
    await form.getByRole('button', { name: auth.sign_in.submit }).click();
    const alert = form.getByRole('alert');
    await expect(alert).not.toBeEmpty();
    return (await alert.textContent())!.trim();
  };
  const unknown = await signIn(`nobody_${player.email}`);
  expect(await signIn(player.email)).toBe(unknown);
});
