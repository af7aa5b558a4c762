import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  activateFromMail,
  activationLink,
  fillAdultSignUp,
  mailTo,
  newPlayer,
  registerPlayer,
  waitForClientScript,
} from './helpers';
import { ACTIVATION_LINK } from '../mail-outbox';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function signUpInDialog(
  page: Page,
  player: ReturnType<typeof newPlayer>,
  words: { email: string; username: string; password: string; submit: string },
  prefix = '',
) {
  // From elsewhere: going to the same page with only another #hash would not load it again.
  await page.goto('about:blank');
  await page.goto(`${prefix}/faq#sign-up`);
  await waitForClientScript(page);
  const form = page.locator('dialog.auth-dialog[data-dialog="sign-up"][open]');
  await form.getByLabel(words.email).fill(player.email);
  await form.getByLabel(words.username).fill(player.username);
  await form.getByLabel(words.password, { exact: true }).fill(player.password);
  await fillAdultSignUp(form);
  await form.getByRole('button', { name: words.submit }).click();
  return form;
}

const RU = {
  email: 'Адрес электронной почты',
  username: 'Имя пользователя',
  password: 'Пароль',
  submit: 'Создать аккаунт',
};
const EN = { email: 'Email address', username: 'Username', password: 'Password', submit: 'Create account' };

test('ru: register → check your inbox → the mail → /ru/activate → activated → sign in → welcome', async ({
  page,
  baseURL,
}) => {
  const player = newPlayer('actru');
  const form = await signUpInDialog(page, player, RU, '/ru');
  const inbox = form.locator('[data-notice="check-inbox"]');
  await expect(inbox.getByRole('heading', { name: 'Проверьте почту' })).toBeFocused();
  await expect(inbox).toContainText(`Мы отправили ссылку для активации на ${player.email}.`);
  await expect(inbox).toContainText('Проверьте папку «Спам»');
  await expect(page.locator('html')).toHaveAttribute('data-session', 'out');

  // The resend button answers the same words for any address.
  await inbox.getByRole('button', { name: 'Отправить ссылку ещё раз' }).click();
  await expect(inbox.locator('[data-notice="activation-resent"]')).toHaveText(
    /^Если аккаунт с этим адресом ждёт активации/,
  );

  const mail = await mailTo(player.email, ACTIVATION_LINK);
  expect(mail.subject).toBe('Активируйте аккаунт AmberPlay');
  const link = await activationLink(player.email);
  expect(link.url.startsWith(`${baseURL}/ru/activate#uid=`)).toBe(true);

  const signIn = await activateFromMail(page, player.email);
  await expect(page.locator('[data-notice="activated"]')).toContainText('Ваш аккаунт активирован.');
  await expect(signIn.getByLabel(RU.email)).toHaveValue(player.email);
  await signIn.getByLabel(RU.password, { exact: true }).fill(player.password);
  await signIn.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.locator('.site-header [data-session-username]')).toHaveText(player.username);
  await expect(page.locator('#welcome-dialog')).toHaveAttribute('open', '');
  await expect(page.locator('#welcome-dialog').getByRole('heading')).toHaveText('Добро пожаловать в AmberPlay');

  // The link worked once: opened again (in a new load of the page) while signed in, the page says
  // the account is already active, not that the link is broken.
  await page.goto('about:blank');
  await page.goto(link.url);
  await expect(page.locator('[data-notice="already-active"]')).toContainText(
    'Ваш аккаунт уже активирован, и вы вошли в него.',
  );
  await expect(page.locator('[data-notice="broken-link"]')).toHaveCount(0);
});

test('a taken address gets the same check-your-inbox screen, and its owner a mail instead', async ({
  page,
  request,
}) => {
  const owner = newPlayer('actowner');
  await registerPlayer(request, owner);
  const fresh = newPlayer('actfresh');
  const freshText = await (await signUpInDialog(page, fresh, EN)).locator('[data-notice="check-inbox"]').innerText();
  const again = { ...newPlayer('actagain'), email: owner.email };
  const takenText = await (await signUpInDialog(page, again, EN)).locator('[data-notice="check-inbox"]').innerText();
  expect(takenText.replace(owner.email, '<email>')).toBe(freshText.replace(fresh.email, '<email>'));
  const notice = await mailTo(owner.email, /tried to create a new AmberPlay account/);
  expect(notice.subject).toBe('Someone tried to create an AmberPlay account with your address');
});

test('signing in before activation says so and sends a new link; the newest link activates', async ({
  page,
  request,
}) => {
  const player = newPlayer('actwait');
  expect((await request.post('/auth/users/', { data: player })).status()).toBe(201);
  const first = await activationLink(player.email);
  await page.goto('/faq#sign-in');
  await waitForClientScript(page);
  const dialog = page.locator('dialog.auth-dialog[data-dialog="sign-in"][open]');
  await dialog.getByLabel(EN.email).fill(player.email);
  await dialog.getByLabel(EN.password, { exact: true }).fill(player.password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Your account is not activated yet. Open the link in the email we sent you when you registered, or ask ' +
      'for a new one.',
  );
  await dialog.getByRole('button', { name: 'Send a new link' }).click();
  await expect(dialog.locator('[data-notice="activation-resent"]')).toBeVisible();
  await expect.poll(async () => (await activationLink(player.email)).token).not.toBe(first.token);
  const signIn = await activateFromMail(page, player.email);
  await signIn.getByLabel(EN.email).fill(player.email);
  await signIn.getByLabel(EN.password, { exact: true }).fill(player.password);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.locator('.site-header [data-session-username]')).toHaveText(player.username);
});

test('a link without its token offers a new one, answered alike for any address', async ({ page }) => {
  await page.goto('/activate');
  const broken = page.locator('[data-notice="broken-link"]');
  await expect(broken).toBeVisible();
  await broken.getByLabel(EN.email).fill('nobody-waits@example.test');
  await broken.getByRole('button', { name: 'Send a new link' }).click();
  await expect(broken.locator('[data-notice="activation-resent"]')).toHaveText(
    /^If an account with this address is waiting for activation/,
  );
});

for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} mode`, () => {
    test.use({ colorScheme: mode });
    for (const path of ['/activate#uid=MQ&token=0000000000000000000000000000000000000000', '/ja/activate']) {
      test(`axe finds no violations on ${path}`, async ({ page }) => {
        await page.goto(path);
        await waitForClientScript(page);
        await expect(page.locator('[data-notice="broken-link"]')).toBeVisible();
        const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
      });
    }
    test('axe finds no violations on the check-your-inbox screen', async ({ page }) => {
      await signUpInDialog(page, newPlayer('actaxe'), EN);
      await expect(page.locator('[data-notice="check-inbox"]')).toBeVisible();
      expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations.map((v) => v.id)).toEqual([]);
    });
  });
}
