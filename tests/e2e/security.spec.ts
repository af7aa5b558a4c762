import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test as base, signInContext, type SignedInPlayer } from './fixtures';
import { Secret, TOTP } from 'otpauth';
import { readFileSync } from 'node:fs';
import { apiToken, closeLowBalance, waitForClientScript } from './helpers';

type Lang = 'en' | 'ru';
const messages = (lang: Lang, set: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}/${set}.json`, import.meta.url), 'utf8'));
const prefix = (lang: Lang) => (lang === 'en' ? '' : `/${lang}`);
const signInDialog = (page: Page) => page.locator('dialog.auth-dialog[data-dialog="sign-in"][open]');

/** The code an authenticator app shows `offset` seconds from now, from the secret the page showed. */
const codeFor = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 1000,
  });

/**
 * `signedInTwice(lang)`: a new player signed in in this test's page, which opens the security screen, and in a second
 * browser, which shows the FAQ signed in.
 */
const test = base.extend<{
  signedInTwice: (lang: Lang) => Promise<{ player: SignedInPlayer; other: BrowserContext; otherPage: Page }>;
}>({
  signedInTwice: async ({ page, request, browser, signedInPlayer }, use) => {
    await use(async (lang) => {
      const player = await signedInPlayer({ prefix: 'sec' });
      const other = await browser.newContext();
      const otherPage = await other.newPage();
      await signInContext(other, await apiToken(request, player));
      await otherPage.goto(`${prefix(lang)}/faq`);
      await expect(otherPage.locator('.site-header [data-session-username]')).toHaveText(player.username);

      await page.goto(`${prefix(lang)}/profile/security`);
      await closeLowBalance(page);
      return { player, other, otherPage };
    });
  },
});

/** Signs in through the dialog of a new browser, with a code once the server asks for one. */
async function signInWithCode(
  browser: Browser,
  lang: Lang,
  player: { email: string; password: string; username: string },
  code: string,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${prefix(lang)}/faq#sign-in`);
  const form = signInDialog(page);
  await form.locator('input[name="email"]').fill(player.email);
  await form.locator('input[name="password"]').fill(player.password);
  await form.locator('button[type="submit"]').click();
  const codeField = form.locator('input[name="code"]');
  await expect(codeField).toBeFocused();
  // Asked for, not yet wrong: the request is the field's hint, with no red error before anything is typed.
  await expect(form.locator('#field-code-hint')).toContainText(messages(lang, 'api').two_factor.code_required);
  await expect(form.locator('#field-code-error')).toHaveCount(0);
  await expect(codeField).not.toHaveAttribute('aria-invalid', 'true');
  await codeField.fill(code);
  await form.locator('button[type="submit"]').click();
  await expect(page.locator('.site-header [data-session-username]')).toHaveText(player.username);
  await context.close();
}

for (const lang of ['en', 'ru'] as const) {
  const t = messages(lang, 'profile').security;

  test(`${lang}: turn on two-factor by scanning the secret, then sign in with a code and with a backup code`, async ({
    page,
    request,
    browser,
    signedInPlayer,
  }) => {
    test.setTimeout(60_000);
    const player = await signedInPlayer({ prefix: 'sec' });
    await page.goto(`${prefix(lang)}/profile/security`);
    await closeLowBalance(page);
    const section = page.locator('[data-two-factor="off"]');
    // Turning it on needs the password: without it, the field says so and nothing starts.
    await section.getByRole('button', { name: t.turn_on }).click();
    await expect(section.locator('#field-on-password-error')).toBeVisible();
    await section.getByLabel(t.password_label, { exact: true }).fill(player.password);
    await section.getByRole('button', { name: t.turn_on }).click();
    await expect(page.getByRole('img', { name: t.qr_alt })).toBeVisible();
    const secret = (await page.locator('[data-secret]').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const confirm = page.locator('form[data-form="two-factor-confirm"]');
    await confirm.getByLabel(t.code_label).fill('000000');
    await confirm.getByRole('button', { name: t.confirm }).click();
    await expect(confirm.locator('#field-setup-code-error')).toHaveText(messages(lang, 'api').two_factor.code_wrong);
    await confirm.getByLabel(t.code_label).fill(codeFor(secret));
    await confirm.getByRole('button', { name: t.confirm }).click();
    await expect(page.getByRole('status').filter({ hasText: t.turned_on })).toBeVisible();
    const backupCodes = await page.locator('[data-backup-codes] code').allTextContents();
    expect(backupCodes).toHaveLength(10);
    await expect(page.locator('[data-two-factor="on"]')).toContainText(t.backup_left.replace('{count}', '10'));

    // The code of the confirming step is spent; the next step's code is what the app shows next.
    await signInWithCode(browser, lang, player, codeFor(secret, 30));
    await signInWithCode(browser, lang, player, backupCodes[0]!);
    // Same visit: the low-balance dialog was already shown once, so it stays closed after a reload.
    await page.reload();
    await expect(page.locator('[data-two-factor="on"]')).toContainText(t.backup_left.replace('{count}', '9'));
    // The backup code is spent: the API refuses it a second time.
    const again = await request.post('/auth/token/login/', {
      data: { email: player.email, password: player.password, code: backupCodes[0] },
    });
    expect(again.status()).toBe(400);
  });

  test(`${lang}: "sign out everywhere else" ends another browser's session, which then says so`, async ({
    page,
    request,
    signedInTwice,
  }) => {
    const { player, other, otherPage } = await signedInTwice(lang);
    const sessions = page.locator('[data-sessions]');
    await expect(sessions.locator('li.device-session')).toHaveCount(2);
    await expect(sessions.locator('li.device-session[data-current]')).toContainText(t.this_device);
    await sessions.getByRole('button', { name: t.sign_out_others }).click();
    await expect(sessions.getByRole('status').filter({ hasText: t.signed_out_others })).toBeVisible();
    await expect(sessions.locator('li.device-session')).toHaveCount(1);
    await expect(sessions).toContainText(t.no_others);

    await otherPage.goto(`${prefix(lang)}/faq`);
    await expect(signInDialog(otherPage).locator('[data-session-ended]')).toHaveText(
      messages(lang, 'api').errors.invalid_token,
    );
    await expect(otherPage.locator('html')).toHaveAttribute('data-session', 'out');
    await other.close();
    // This browser is still signed in.
    expect((await request.get('/api/user/me', { headers: { authorization: `Token ${player.token}` } })).status()).toBe(
      200,
    );
  });
}

for (const lang of ['en', 'ru'] as const) {
  const t = messages(lang, 'profile').change_password;

  test(`${lang}: changing the password ends another browser's session, which then says so; this one stays`, async ({
    page,
    request,
    signedInTwice,
  }) => {
    const { player, other, otherPage } = await signedInTwice(lang);
    const form = page.locator('section[aria-labelledby="change-password-title"] form');
    // A wrong current password is refused next to its field, and nothing changes.
    await form.getByLabel(t.current, { exact: true }).fill('not-my-password-1');
    await form.getByLabel(t.new, { exact: true }).fill('copper-harbour-lantern-61');
    await form.getByRole('button', { name: t.submit }).click();
    await expect(form.locator('#field-current_password-error')).toHaveText(
      messages(lang, 'api').password_reset.current_password_invalid,
    );
    await form.getByLabel(t.current, { exact: true }).fill(player.password);
    await form.getByRole('button', { name: t.submit }).click();
    await expect(form.getByRole('status')).toHaveText(t.done);

    await otherPage.goto(`${prefix(lang)}/faq`);
    await expect(signInDialog(otherPage).locator('[data-session-ended]')).toHaveText(
      messages(lang, 'api').errors.invalid_token,
    );
    await other.close();
    expect((await request.get('/api/user/me', { headers: { authorization: `Token ${player.token}` } })).status()).toBe(
      200,
    );
    expect(
      (
        await request.post('/auth/token/login/', {
          data: { email: player.email, password: 'copper-harbour-lantern-61' },
        })
      ).status(),
    ).toBe(200);
  });
}

test('the sessions list shows an error with a retry when loading fails', async ({ page, signedInPlayer }) => {
  await signedInPlayer({ prefix: 'sec' });
  let fail = true;
  await page.route('**/api/user/sessions', (route) => (fail ? route.abort() : route.continue()));
  await page.goto('/profile/security');
  await closeLowBalance(page);
  const sessions = page.locator('[data-sessions]');
  await expect(sessions.getByRole('alert')).toContainText('We could not load this.');
  fail = false;
  await sessions.getByRole('button', { name: 'Try again' }).click();
  await expect(sessions.locator('li.device-session')).toHaveCount(1);
});

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} mode`, () => {
    test.use({ colorScheme: mode });
    test(`axe finds no violations on /profile/security, with the set-up open`, async ({ page, signedInPlayer }) => {
      const player = await signedInPlayer({ prefix: 'sec' });
      await page.goto('/profile/security');
      await waitForClientScript(page);
      await closeLowBalance(page);
      await expect(page.locator('html')).toHaveClass(mode === 'dark' ? /p-dark/ : /^(?!.*p-dark)/);
      await expect(page.locator('li.device-session')).toHaveCount(1);
      await page
        .getByRole('region', { name: 'Two-factor sign-in' })
        .getByLabel('Password', { exact: true })
        .fill(player.password);
      await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
      await expect(page.locator('[data-secret]')).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    });
  });
}
