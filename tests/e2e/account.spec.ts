import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { activateFromMail, closeLowBalance, fillAdultSignUp, mailTo, newPlayer, waitForClientScript } from './helpers';

/**
 * The player's own account, as a player does it at 360 px in German and Japanese:
 * change the email address through both mails, download the data file, close the account.
 */
type Lang = 'de' | 'ja';
const messages = (lang: string, set: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}/${set}.json`, import.meta.url), 'utf8'));
const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? `{${name}}`);
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.use({ viewport: { width: 360, height: 740 } });

async function openSecurity(page: Page, lang: Lang) {
  await page.goto(`/${lang}/profile/security`);
  await waitForClientScript(page);
  await closeLowBalance(page);
  await expect(page.locator('astro-island:not([ssr]) [data-card="close-account"] form')).toBeVisible();
}

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

for (const lang of ['de', 'ja'] as const) {
  const a = messages(lang, 'account');
  const mail = messages(lang, 'api').mail;

  test(`${lang}: changes the email address through the link to the new address, with a notice to the old one`, async ({
    page,
    request,
    signedInPlayer,
  }) => {
    test.setTimeout(60_000);
    const player = await signedInPlayer({ prefix: 'acct', language: lang });
    await openSecurity(page, lang);
    const card = page.locator('[data-card="change-email"]');
    await expect(card).toContainText(fill(a.email.current, { email: player.email }));
    const target = `moved_${player.username}@example.test`;
    await card.getByLabel(a.email.new).fill(target);
    await card.getByLabel(a.email.password).fill(player.password);
    await card.getByRole('button', { name: a.email.submit }).click();
    await expect(card.getByRole('status')).toHaveText(fill(a.email.sent, { email: target }));
    await axeClean(page);

    const notice = await mailTo(player.email, /\*\*\*@example\.test/);
    expect(notice.subject).toBe(mail.email_notice_subject);
    const confirmation = await mailTo(target, /confirm-email#uid=/);
    expect(confirmation.subject).toBe(mail.email_change_subject);
    const link = /(\S+\/confirm-email)#uid=([\w-]+)&token=([0-9a-f]{40})/.exec(confirmation.text)!;
    expect(new URL(link[1]!).pathname).toBe(`/${lang}/confirm-email`);

    await page.goto(link[0]!);
    const done = page.locator('[data-notice="email-confirmed"]');
    await expect(done).toContainText(fill(a.confirm.done, { email: target }));
    expect(new URL(page.url()).hash).toBe('');
    await axeClean(page);
    // Opened again (a new page load, not a same-page fragment change), the link is spent.
    await page.goto('about:blank');
    await page.goto(link[0]!);
    await expect(page.locator('[data-notice="broken-link"]')).toContainText(a.confirm.broken);

    expect(
      (await request.post('/auth/token/login/', { data: { email: target, password: player.password } })).status(),
    ).toBe(200);
    expect(
      (await request.post('/auth/token/login/', { data: { email: player.email, password: player.password } })).status(),
    ).toBe(400);
  });

  test(`${lang}: downloads the data file, and it parses with every section and the player's own profile`, async ({
    page,
    signedInPlayer,
  }) => {
    const player = await signedInPlayer({ prefix: 'acct', language: lang });
    await openSecurity(page, lang);
    const card = page.locator('[data-card="export"]');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: a.export.submit }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^amberplay-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(Object.keys(data)).toEqual([
      'format_version',
      'exported_at',
      'profile',
      'consents',
      'limits',
      'sessions',
      'two_factor',
      'verifications',
      'payments',
      'withdrawals',
      'transactions',
      'bonuses',
      'game_rounds',
      'resumed_games',
      'ledger',
      'notifications',
      'referrals',
    ]);
    expect(data.profile).toMatchObject({ email: player.email, username: player.username, locale: lang });
    await expect(card.getByRole('status')).toHaveText(a.export.done);
  });

  test(`${lang}: closes the account after a confirmation, then cannot sign in`, async ({ page, signedInPlayer }) => {
    test.setTimeout(60_000);
    const player = await signedInPlayer({ prefix: 'acct', language: lang });
    await openSecurity(page, lang);
    const card = page.locator('[data-card="close-account"]');
    // Not a self-exclusion, and it says where that is.
    await expect(card.getByRole('link', { name: a.close.exclusion_link })).toHaveAttribute(
      'href',
      `/${lang}/profile/responsible_gaming#self-exclusion`,
    );
    const submit = card.getByRole('button', { name: a.close.submit });
    await expect(submit).toHaveClass(/button--danger/);

    await card.getByLabel(a.close.reason).fill('Zu wenig Zeit');
    await card.getByLabel(a.close.password).fill(player.password);
    await submit.click();
    const dialog = page.locator('dialog[data-dialog="close-account"][open]');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: a.close.cancel })).toBeFocused();
    await axeClean(page);
    // "Keep my account" changes nothing.
    await dialog.getByRole('button', { name: a.close.cancel }).click();
    await expect(dialog).toHaveCount(0);
    await submit.click();
    await page
      .locator('dialog[data-dialog="close-account"][open]')
      .getByRole('button', { name: a.close.confirm_yes })
      .click();
    await expect(page.locator('[data-card="close-account"][data-closed]').getByRole('status')).toHaveText(a.close.done);
    const opening = mail.closed_body.split('{date}')[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const closedMail = await mailTo(player.email, new RegExp(opening));
    expect(closedMail.subject).toBe(mail.closed_subject);

    await page.locator('[data-card="close-account"]').getByRole('button', { name: a.close.home }).click();
    await page.waitForURL(`**/${lang}/`);
    await page.goto(`/${lang}/faq#sign-in`);
    const form = page.locator('dialog.auth-dialog[data-dialog="sign-in"][open]');
    await form.locator('input[name="email"]').fill(player.email);
    await form.locator('input[name="password"]').fill(player.password);
    await form.locator('button[type="submit"]').click();
    await expect(form.getByRole('alert')).toHaveText(messages(lang, 'api').errors.login_failed);
  });
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

for (const lang of ['de', 'ja'] as const) {
  const profile = messages(lang, 'profile');

  test(
    `${lang}: the withdrawal form is disabled with one message while unverified, and while the document is ` +
      `reviewed`,
    async ({ page, request, signedInPlayer }) => {
      const player = await signedInPlayer({ prefix: 'acct', language: lang });
      await page.goto(`/${lang}/profile/withdrawal`);
      await closeLowBalance(page);
      const card = page.locator('section[aria-labelledby="withdraw-title"]');
      const form = card.locator('form[data-form="withdrawal"]');
      await expect(card.locator('[data-verification-needed="none"]')).toContainText(
        profile.verification.withdrawal_needed,
      );
      await expect(form.locator('input[name="amount"]')).toBeDisabled();
      await expect(form.locator('input[name="destination"]')).toBeDisabled();
      await expect(form.getByRole('button', { name: profile.withdrawal.submit })).toBeDisabled();
      await expect(card.locator('.notice, .field__error, [role="alert"]')).toHaveCount(1);
      await axeClean(page);

      const sent = await request.post('/api/user/verification', {
        headers: { authorization: `Token ${player.token}` },
        multipart: { document_type: 'passport', front: { name: 'pass.pdf', mimeType: 'application/pdf', buffer: PDF } },
      });
      expect(sent.status()).toBe(201);
      await page.reload();
      await expect(card.locator('[data-verification-needed="pending"]')).toHaveText(
        profile.verification.withdrawal_pending,
      );
      await expect(form.locator('input[name="amount"]')).toBeDisabled();
      await expect(card.locator('.notice, .field__error, [role="alert"]')).toHaveCount(1);
      // The API, asked anyway, says the same as the page.
      const refused = await request.post('/api/user/withdrawal', {
        headers: { authorization: `Token ${player.token}`, 'accept-language': lang },
        data: { amount: '10.00', method: 'card', destination: '4111111111111111' },
      });
      expect(await refused.json()).toEqual({ detail: profile.verification.withdrawal_pending });
    },
  );
}

test('de: limit and amount fields show and accept decimal commas; shortcuts above the limit are disabled', async ({
  page,
  signedInPlayer,
}) => {
  // Two profile screens, a reload and a payment: more than the default 30 s on a busy CI machine.
  test.setTimeout(60_000);
  await signedInPlayer({ prefix: 'acct', language: 'de' });
  const profile = messages('de', 'profile');
  const euro = (amount: string) => `${amount}\u00a0€`;
  await page.goto('/de/profile/responsible_gaming');
  await closeLowBalance(page);
  const deposits = page.locator('[data-rg="deposit_limits"]');
  await deposits.locator('#deposit_limits-day').fill('50,00');
  await deposits.getByRole('button', { name: profile.rg.save_limits }).click();
  await expect(deposits.locator('[data-period="day"] [data-remaining]')).toHaveText(
    fill(profile.rg.remaining, { remaining: euro('50,00') }),
  );
  await page.reload();
  await expect(deposits.locator('#deposit_limits-day')).toHaveValue('50,00');

  await page.goto('/de/profile/deposit');
  const form = page.locator('form[data-form="deposit"]');
  await expect(page.locator('[data-deposit-room]')).toBeVisible();
  await expect(form.locator('button[data-preset="100.00"]')).toBeDisabled();
  await expect(form.locator('button[data-preset="50.00"]')).toBeEnabled();
  await form.getByRole('button', { name: euro('25,00') }).click();
  await expect(form.locator('input[name="amount"]')).toHaveValue('25,00');
  await form.locator('input[name="amount"]').fill('60,50');
  await form.getByRole('button', { name: profile.deposit.submit }).click();
  await expect(form.locator('#field-amount-error')).toContainText(euro('50,00'));
  await form.locator('input[name="amount"]').fill('12,50');
  // The payment is created for 12.50 exactly: the payment page the site leaves for shows it.
  await form.getByRole('button', { name: profile.deposit.submit }).click();
  await page.waitForURL('**/demo-pay/**');
  await expect(page.getByText(euro('12,50'))).toBeVisible();
});

test('de: /activate revisited while signed in says the account is already active', async ({ page, signedInPlayer }) => {
  await signedInPlayer({ prefix: 'acct', language: 'de' });
  await page.goto('/de/activate');
  await expect(page.locator('[data-notice="already-active"]')).toContainText(
    messages('de', 'account').activate.already,
  );
  await expect(page.locator('[data-notice="broken-link"]')).toHaveCount(0);
});

test('de: registering from a game page, the activated player is taken back to that game once signed in', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const player = newPlayer('actgame');
  await page.goto('/de/play?game=amber-fortune#sign-up');
  await waitForClientScript(page);
  const form = page.locator('dialog.auth-dialog[data-dialog="sign-up"][open]');
  await form.locator('input[name="email"]').fill(player.email);
  await form.locator('input[name="username"]').fill(player.username);
  await form.locator('input[name="password"]').fill(player.password);
  await fillAdultSignUp(form);
  await form.locator('button[type="submit"]').click();
  await expect(form.locator('[data-notice="check-inbox"]')).toBeVisible();

  const signIn = await activateFromMail(page, player.email);
  await expect(
    page.locator('[data-notice="activated"]').getByRole('link', { name: messages('de', 'account').activate.back }),
  ).toHaveAttribute('href', '/de/play?game=amber-fortune');
  await signIn.locator('input[name="password"]').fill(player.password);
  await signIn.locator('button[type="submit"]').click();
  await page.waitForURL('**/de/play?game=amber-fortune');
});

test.describe("the time zone of the player's mails", () => {
  // The device's zone, which the profile offers while none is stored.
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('de: changed on the profile by keyboard, shown saved, kept after a reload; axe 0 light and dark', async ({
    page,
    request,
    signedInPlayer,
  }) => {
    test.setTimeout(60_000);
    const profile = messages('de', 'profile');
    const api = messages('de', 'api');
    const player = await signedInPlayer({ prefix: 'acct', language: 'de' });
    await page.goto('/de/profile');
    await waitForClientScript(page);
    await closeLowBalance(page);
    const card = page.locator('astro-island:not([ssr]) [data-card="time-zone"]');
    const select = card.getByLabel(profile.overview.time_zone);
    const save = card.getByRole('button', { name: profile.overview.time_zone_save });
    // Nothing stored: the device's zone is selected, and the hint says it is not saved yet.
    await expect(select).toHaveValue('Asia/Tokyo');
    await expect(card.locator('#field-time_zone-hint')).toHaveText(
      `${profile.overview.time_zone_hint} ${profile.overview.time_zone_suggested}`,
    );
    expect(await select.locator('option').count()).toBeGreaterThan(300);
    await axeClean(page);

    // A refusal from the server shows on the field, which takes focus; nothing is saved.
    await page.route('**/api/user/update', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ time_zone: [api.errors.time_zone_invalid] }),
      }),
    );
    await select.selectOption('America/Sao_Paulo');
    await select.focus();
    await page.keyboard.press('Tab');
    await expect(save).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card.locator('#field-time_zone-error')).toHaveText(api.errors.time_zone_invalid);
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await expect(select).toBeFocused();
    await page.unrouteAll();

    // The real save: the button is busy while the request is held, then the notice says it is saved.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/update', async (route) => {
      await held;
      await route.continue();
    });
    await page.keyboard.press('Tab');
    await expect(save).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('button', { name: profile.common.busy })).toBeDisabled();
    release();
    await expect(card.getByRole('status')).toHaveText(profile.overview.time_zone_saved);
    await expect(card.locator('#field-time_zone-error')).toHaveCount(0);
    await expect(card.locator('#field-time_zone-hint')).toHaveText(profile.overview.time_zone_hint);
    await page.unrouteAll();
    await axeClean(page);

    const me = await request.get('/api/user/me', { headers: { authorization: `Token ${player.token}` } });
    expect(((await me.json()) as { time_zone: string }).time_zone).toBe('America/Sao_Paulo');

    await page.reload();
    await waitForClientScript(page);
    await expect(page.locator('astro-island:not([ssr]) [data-card="time-zone"] select')).toHaveValue(
      'America/Sao_Paulo',
    );
    await expect(card.locator('#field-time_zone-hint')).toHaveText(profile.overview.time_zone_hint);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/p-dark/);
    await axeClean(page);
  });
});
