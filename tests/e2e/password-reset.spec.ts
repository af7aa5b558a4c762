import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { closeWelcome, fillAdultSignUp, mailTo, newPlayer, waitForClientScript, registerPlayer } from './helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const LANGUAGES = {
  en: {
    prefix: '',
    email: 'Email address',
    password: 'Password',
    forgot: 'Forgot password?',
    send: 'Send the link',
    newPassword: 'New password',
    save: 'Save the new password',
    signIn: 'Sign in',
    subject: 'Reset your AmberPlay password',
  },
  ru: {
    prefix: '/ru',
    email: 'Адрес электронной почты',
    password: 'Пароль',
    forgot: 'Забыли пароль?',
    send: 'Отправить ссылку',
    newPassword: 'Новый пароль',
    save: 'Сохранить новый пароль',
    signIn: 'Войти',
    subject: 'Сброс пароля AmberPlay',
  },
} as const;

async function openForgotForm(page: Page, words: (typeof LANGUAGES)[keyof typeof LANGUAGES]) {
  await page.goto(`${words.prefix}/faq#sign-in`);
  await waitForClientScript(page);
  const dialog = page.locator('dialog.auth-dialog[data-dialog="sign-in"][open]');
  await dialog.getByRole('button', { name: words.forgot }).click();
  const form = page.locator('dialog.auth-dialog[data-dialog="forgot-password"][open]');
  await expect(form).toBeVisible();
  return form;
}

for (const [language, words] of Object.entries(LANGUAGES)) {
  test(
    `${language}: forgot password → the mail arrives → the link opens the reset page → new password → signed ` + `in`,
    async ({ page, request, baseURL }) => {
      const player = newPlayer(`reset${language}`);
      await registerPlayer(request, player, language);

      // The FAQ tells players to use this link, with the same words.
      const faq = await readFile(`src/content/faq/${language}/forgot-password.md`, 'utf8');
      expect(faq).toContain(`**${words.forgot.replace(/\?$/, '')}`);

      const form = await openForgotForm(page, words);
      await form.getByLabel(words.email).fill(player.email);
      await form.getByRole('button', { name: words.send }).click();
      const sent = page.locator('[data-notice="reset-sent"] [role="status"]');
      await expect(sent).toBeVisible();
      const confirmation = await sent.textContent();

      // An address nobody uses reads exactly the same.
      await page.locator('[data-notice="reset-sent"]').getByRole('button').click();
      await page
        .locator('dialog.auth-dialog[data-dialog="sign-in"][open]')
        .getByRole('button', { name: words.forgot })
        .click();
      const again = page.locator('dialog.auth-dialog[data-dialog="forgot-password"][open]');
      await again.getByLabel(words.email).fill(`nobody-${player.username}@example.test`);
      await again.getByRole('button', { name: words.send }).click();
      await expect(page.locator('[data-notice="reset-sent"] [role="status"]')).toHaveText(confirmation!);

      const mail = await mailTo(player.email, /reset-password#uid=/);
      expect(mail.subject).toBe(words.subject);
      const link = /(\S+)#uid=[\w-]+&token=[0-9a-f]{40}/.exec(mail.text)![0];
      expect(link.startsWith(`${baseURL}${words.prefix}/reset-password#uid=`)).toBe(true);

      await page.goto(link);
      const reset = page.locator('form[data-form="reset-password"]');
      await expect(reset).toBeVisible();
      // The token leaves the address bar as soon as the page has read it.
      expect(new URL(page.url()).hash).toBe('');
      const newPassword = `${player.password}-renewed`;
      await reset.getByLabel(words.newPassword, { exact: true }).fill(newPassword);
      await reset.getByRole('button', { name: words.save }).click();
      await page.locator('[data-notice="password-reset"]').getByRole('link', { name: words.signIn }).click();

      const signIn = page.locator('dialog.auth-dialog[data-dialog="sign-in"][open]');
      await signIn.getByLabel(words.email).fill(player.email);
      await signIn.getByLabel(words.password, { exact: true }).fill(newPassword);
      await signIn.getByRole('button', { name: words.signIn, exact: true }).click();
      await expect(page.locator('.site-header [data-session-username]')).toHaveText(player.username);
      // Registered and activated through the API, but this is the account's first sign-in.
      await closeWelcome(page);

      // The link worked once: the server refuses it, and the page offers a new one.
      await page.goto(link);
      await reset.getByLabel(words.newPassword, { exact: true }).fill(`${newPassword}-again`);
      await reset.getByRole('button', { name: words.save }).click();
      await expect(page.locator('[data-notice="broken-link"]')).toBeVisible();
      await expect(page.locator('[data-notice="broken-link"]')).toContainText(
        language === 'ru' ? 'Недействительный токен' : 'Invalid token for given user.',
      );
    },
  );
}

test('a sign-in lock points to “Forgot password?”', async ({ page, request }) => {
  const player = newPlayer('locked');
  await registerPlayer(request, player);
  // Five wrong passwords lock this email from this address (LOGIN_MAX_FAILURES).
  for (let i = 0; i < 5; i++)
    await request.post('/auth/token/login/', { data: { email: player.email, password: `wrong-${i}-password` } });
  await page.goto('/faq#sign-in');
  await waitForClientScript(page);
  const dialog = page.locator('dialog.auth-dialog[data-dialog="sign-in"][open]');
  await dialog.getByLabel('Email address').fill(player.email);
  await dialog.getByLabel('Password', { exact: true }).fill(player.password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('Too many failed sign-in attempts');
  await expect(dialog.getByRole('alert')).toContainText('Locked out? Choose a new password with “Forgot password?”.');
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.locator('dialog.auth-dialog[data-dialog="forgot-password"][open]')).toBeVisible();
});

test('sign-up refuses a 17-year-old, in the page language, and sends nothing', async ({ page }) => {
  const player = newPlayer('minor');
  const sent: string[] = [];
  page.on('request', (req) => new URL(req.url()).pathname === '/auth/users/' && sent.push(req.method()));
  await page.goto('/#sign-up');
  await waitForClientScript(page);
  const form = page.locator('dialog.auth-dialog[data-dialog="sign-up"][open]');
  await form.getByLabel('Email address').fill(player.email);
  await form.getByLabel('Username').fill(player.username);
  await form.getByLabel('Password', { exact: true }).fill(player.password);
  const today = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  const seventeen = `${today.getFullYear() - 17}-${two(today.getMonth() + 1)}-${two(today.getDate())}`;
  await fillAdultSignUp(form, seventeen);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.locator('#field-date_of_birth-error')).toHaveText('You must be at least 18 years old to play.');
  await expect(form.locator('input[name="date_of_birth"]')).toBeFocused();
  expect(sent).toEqual([]);
  // The terms link opens the rules.
  await expect(form.getByRole('link', { name: 'terms and rules' })).toHaveAttribute('href', '/rules');
});

test('the server refuses a 17-year-old and a sign-up without accepted terms', async ({ request }) => {
  const player = newPlayer('minorapi');
  const today = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  const seventeen = `${today.getUTCFullYear() - 17}-${two(today.getUTCMonth() + 1)}-${two(today.getUTCDate())}`;
  const minor = await request.post('/auth/users/', { data: { ...player, date_of_birth: seventeen } });
  expect(minor.status()).toBe(400);
  expect(await minor.json()).toEqual({ date_of_birth: ['You must be at least 18 years old to play.'] });
  const noTerms = await request.post('/auth/users/', { data: { ...player, accept_terms: false } });
  expect(Object.keys(await noTerms.json())).toEqual(['accept_terms']);
});

for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} mode`, () => {
    test.use({ colorScheme: mode });
    for (const path of [
      '/reset-password#uid=MQ&token=0000000000000000000000000000000000000000',
      '/ru/reset-password',
      '/ja/reset-password#uid=MQ&token=x',
    ]) {
      test(`axe finds no violations on ${path}`, async ({ page }) => {
        await page.goto(path);
        await waitForClientScript(page);
        await expect(page.locator('form[data-form="reset-password"], [data-notice="broken-link"]')).toBeVisible();
        const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
      });
    }
    test('axe finds no violations in the forgot-password form and sign-up dialog', async ({ page }) => {
      await page.goto('/faq#sign-up');
      await waitForClientScript(page);
      await expect(page.locator('dialog.auth-dialog[data-dialog="sign-up"][open]')).toBeVisible();
      expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations.map((v) => v.id)).toEqual([]);
      await openForgotForm(page, LANGUAGES.en);
      expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations.map((v) => v.id)).toEqual([]);
    });
  });
}
