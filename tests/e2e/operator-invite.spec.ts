import type { APIRequestContext } from '@playwright/test';
import { expect, test, adminSignIn, enrolTwoFactor } from './fixtures';
import { apiToken, mailTo, newPlayer, noAxeViolations, onePixelPng, registerPlayer } from './helpers';

const PASSWORD = 'saffron-beacon-meadow-26';

/** One file (unique to this run) uploaded by two accounts: a risk alert on each. Answers the first's username. */
async function sharedDocumentAlert(request: APIRequestContext) {
  const file = onePixelPng();
  const usernames: string[] = [];
  for (let i = 0; i < 2; i++) {
    const player = newPlayer('opinvite');
    await registerPlayer(request, player);
    const res = await request.post('/api/user/verification', {
      headers: { authorization: `Token ${await apiToken(request, player)}` },
      multipart: { document_type: 'passport', front: { name: 'passport.png', mimeType: 'image/png', buffer: file } },
    });
    expect(res.status()).toBe(201);
    usernames.push(player.username);
  }
  return usernames[0]!;
}

test('an admin invites a payments user; the mailed link sets password and two-factor; they see the queue', async ({
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const alerted = await sharedDocumentAlert(request);
  const { page: adminPage, context: adminContext } = await adminSignIn(browser, { prefix: 'staffinvite' });
  await adminPage.setViewportSize({ width: 1280, height: 800 });
  await adminPage.getByRole('link', { name: 'Staff', exact: true }).click();
  const email = `payments_${Date.now().toString(36)}@staff.example.test`;
  const invite = adminPage.locator('[data-invite]');
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('Role').selectOption('payments');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(adminPage.getByRole('status')).toContainText(`Invitation mailed to ${email} (payments)`);
  await expect(adminPage.locator('tr[data-invitation]', { hasText: email })).toContainText('payments');
  await noAxeViolations(adminPage);
  await adminContext.close();

  const mail = await mailTo(email, /operator\/invitation#/);
  expect(mail.subject).toBe('You are invited to the AmberPlay operator console');
  const link = new URL(/(https?:\/\/\S+\/operator\/invitation#[0-9a-f]{64})/.exec(mail.text)![1]!);
  expect(link.search).toBe('');

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(link.pathname + link.hash);
  // The page's script took the token out of the address bar (and history) into the form.
  await expect(page).toHaveURL(/\/operator\/invitation$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join the operator console');
  await noAxeViolations(page);
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('New password again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save password and go on' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up two-factor sign-in');
  await enrolTwoFactor(page);
  await expect(page.locator('.sign-out')).toContainText(`Signed in as ${email} (payments)`);

  // The withdrawal queue, yes; the staff page, not even offered.
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Withdrawals', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Withdrawals queue');
  await expect(page.locator('[data-role-note]')).toHaveCount(0);
  const refused = await page.goto('/operator/staff');
  expect(refused!.status()).toBe(403);
  await expect(page.getByRole('alert')).toContainText('Your role (payments)');

  // The risk alert, to look at only: no assign, note or resolve controls.
  await page.goto('/operator/risk/alerts');
  await page.getByLabel('Rule').selectOption('link.shared_document');
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.locator('tr[data-alert]', { hasText: alerted }).getByRole('link', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Risk alert');
  await expect(page.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
  await context.close();
});
