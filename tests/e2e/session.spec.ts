import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  DEMO,
  activateFromMail,
  activationLink,
  apiToken,
  newPlayer,
  waitForClientScript,
  registerPlayer,
  submitSignUp,
} from './helpers';

const dialog = (page: Page, which: 'sign-in' | 'sign-up') =>
  page.locator(`dialog.auth-dialog[data-dialog="${which}"][open]`);

test('register → inbox → the mailed link → sign in → header balance → welcome dialog → sign out → the root', async ({
  page,
  request,
}) => {
  const player = newPlayer('reg');
  await page.goto('/de/faq');
  await waitForClientScript(page);
  await page.getByRole('link', { name: 'Registrieren' }).first().click();
  const form = dialog(page, 'sign-up');
  await expect(form).toBeVisible();
  await expect(form.getByLabel('E-Mail-Adresse')).toBeFocused();
  await submitSignUp(form, player, 'de');

  // Not signed in yet: the dialog says where the activation link went.
  const inbox = form.locator('[data-notice="check-inbox"]');
  await expect(inbox.getByRole('heading', { name: 'Sehen Sie in Ihr Postfach' })).toBeFocused();
  await expect(inbox).toContainText(`Wir haben einen Aktivierungslink an ${player.email} gesendet.`);
  await expect(page.locator('html')).toHaveAttribute('data-session', 'out');

  // The link activates the account; the sign-in dialog opens with the address filled in.
  const signIn = await activateFromMail(page, player.email);
  expect(new URL(page.url()).pathname).toBe('/de/activate');
  await expect(signIn.getByLabel('E-Mail-Adresse')).toHaveValue(player.email);
  await signIn.getByLabel('Passwort', { exact: true }).fill(player.password);
  await signIn.getByRole('button', { name: 'Anmelden', exact: true }).click();

  // Signed in: the dialog is gone, the header shows the player and the balance in German format.
  await expect(page.locator('dialog.auth-dialog[open]')).toHaveCount(0);
  const header = page.locator('.site-header');
  await expect(header.locator('[data-session-username]')).toHaveText(player.username);
  await expect(header.locator('[data-session-balance]')).toHaveText('0,00\u00a0€');
  expect((await page.context().cookies()).find((c) => c.name === 'auth_token')?.value).toMatch(/^[0-9a-f]{40}$/);

  // A new player is welcomed with a deposit invitation, not warned about their zero balance.
  const welcome = page.locator('#welcome-dialog');
  await expect(welcome).toHaveAttribute('open', '');
  await expect(page.locator('#low-balance-dialog')).not.toHaveAttribute('open', '');
  await expect(welcome.getByRole('heading')).toHaveText('Willkommen bei AmberPlay');
  await expect(welcome.getByRole('link', { name: 'Jetzt einzahlen' })).toHaveAttribute('href', '/de/profile/deposit');
  expect(await welcome.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(welcome).not.toHaveAttribute('open', '');
  // The button that opened the registration is gone: focus lands on the page's heading, not the body.
  await expect(page.locator('main h1')).toBeFocused();

  // Sign out: the token is revoked on the server and we land on the locale's root.
  const token = (await page.context().cookies()).find((c) => c.name === 'auth_token')!.value;
  await header.getByRole('button', { name: 'Abmelden' }).click();
  await page.waitForURL('**/de/');
  await waitForClientScript(page);
  await expect(page.locator('.site-header').getByRole('link', { name: 'Anmelden' })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'auth_token')).toBeUndefined();
  expect((await request.get('/api/user/me', { headers: { authorization: `Token ${token}` } })).status()).toBe(401);
});

test('sign-in errors appear next to their fields, in the page language', async ({ page }) => {
  await page.goto('/ru/faq#sign-in');
  const form = dialog(page, 'sign-in');
  await expect(form).toBeVisible();

  // Client-side rules first: nothing typed.
  await form.getByRole('button', { name: 'Войти' }).click();
  const email = form.getByLabel('Адрес электронной почты');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  const emailError = form.locator('#field-email-error');
  await expect(emailError).toHaveText(/.+/);
  expect(await emailError.textContent()).not.toContain('This field is required');
  await expect(email).toHaveAttribute('aria-describedby', 'field-email-error');

  // The server's refusal, in Russian, in the form's alert.
  await email.fill(DEMO.email);
  await form.getByLabel('Пароль', { exact: true }).fill('wrong-password-1');
  await form.getByRole('button', { name: 'Войти' }).click();
  const alert = form.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert).toHaveText(/[а-яА-Я]/);
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');

  // Then the right password signs in and closes the dialog.
  await form.getByLabel('Пароль', { exact: true }).fill(DEMO.password);
  await form.getByRole('button', { name: 'Войти' }).click();
  await expect(page.locator('dialog.auth-dialog[open]')).toHaveCount(0);
  await expect(page.locator('.site-header [data-session-username]')).toHaveText(DEMO.username);
  await expect(page).not.toHaveURL(/#sign-in/);
});

test('the dialogs work by keyboard: Enter opens, Esc closes, focus returns', async ({ page }) => {
  await page.goto('/');
  await waitForClientScript(page);
  const link = page.locator('.site-header').getByRole('link', { name: 'Sign in' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page, 'sign-in')).toBeVisible();
  await expect(dialog(page, 'sign-in').getByLabel('Email address')).toBeFocused();
  await dialog(page, 'sign-in').getByRole('button', { name: 'Create an account' }).click();
  await expect(dialog(page, 'sign-up')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('dialog.auth-dialog[open]')).toHaveCount(0);
  await expect(link).toBeFocused();
});

test.describe('/profile guard', () => {
  for (const [path, home] of [
    ['/profile', '/'],
    ['/ru/profile', '/ru/'],
  ] as const) {
    test(`${path} without a token goes to ${home} before painting`, async ({ page }) => {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === home);
      await expect(page.locator('html')).toHaveAttribute('lang', home === '/' ? 'en' : 'ru');
    });
  }

  test('/profile with a token stays', async ({ page, request, signInWithToken }) => {
    await signInWithToken(await apiToken(request, DEMO));
    await page.goto('/profile');
    await expect(page.locator('.site-header [data-session-username]')).toHaveText(DEMO.username);
    expect(new URL(page.url()).pathname).toBe('/profile');
  });

  test('a profile sub-route without a token shows a localized sign-in prompt', async ({ page }) => {
    await page.goto('/ru/profile/deposit');
    await waitForClientScript(page);
    const prompt = page.locator('.profile-prompt');
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('heading')).toHaveText(/[а-яА-Я]/);
    await prompt.getByRole('link', { name: 'Войти' }).click();
    await expect(dialog(page, 'sign-in')).toBeVisible();
  });
});

test('every JSON body sent is {e_data} only, and the server decrypts it', async ({ page }) => {
  const player = newPlayer('enc');
  const bodies: { url: string; body: unknown; status?: number }[] = [];
  page.on('request', (req) => {
    const data = req.postData();
    if (data && req.method() !== 'GET') bodies.push({ url: new URL(req.url()).pathname, body: JSON.parse(data) });
  });
  const statuses = new Map<string, number[]>();
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    statuses.set(path, [...(statuses.get(path) ?? []), res.status()]);
  });
  await page.goto('/#sign-up');
  const form = dialog(page, 'sign-up');
  await submitSignUp(form, player);
  await expect(form.locator('[data-notice="check-inbox"]')).toBeVisible();
  const signIn = await activateFromMail(page, player.email);
  await signIn.getByLabel('Password', { exact: true }).fill(player.password);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.locator('.site-header [data-session-username]')).toHaveText(player.username);
  await expect.poll(() => statuses.get('/gmnggate/api')).toEqual([200]);

  expect(bodies.map((b) => b.url)).toEqual([
    '/auth/users/',
    '/auth/users/activation/',
    '/auth/token/login/',
    '/gmnggate/api',
  ]);
  for (const { body } of bodies) {
    expect(Object.keys(body as object)).toEqual(['e_data']);
    expect((body as { e_data: string }).e_data).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(JSON.stringify(body)).not.toContain(player.password);
  }
  // The registration body is over 190 bytes? Either way the server read it: 201, then 200s.
  expect(statuses.get('/auth/users/')).toEqual([201]);
  expect(statuses.get('/auth/users/activation/')).toEqual([204]);
  expect(statuses.get('/auth/token/login/')).toEqual([200]);
});

test('app start: the user first, then player_set; nothing without a token', async ({
  page,
  request,
  signInWithToken,
}) => {
  const calls: string[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    // The footer's licence line reads the market (GET /api/market, public, the same for everyone): not a session call.
    if (/^\/(api|auth|gmnggate)\//.test(path) && path !== '/api/market') calls.push(`${req.method()} ${path}`);
  });
  await page.goto('/faq');
  await waitForClientScript(page);
  // Until the network has settled, so a late call would have been seen.
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual([]);

  await signInWithToken(await apiToken(request, DEMO));
  await page.goto('/faq');
  await expect(page.locator('.site-header [data-session-balance]')).toHaveText(/€\d/);
  // Then, in either order, the header badge's two unread lists and the live stream: a ticket, and the
  // stream it opens (docs/live-stream.md).
  await expect.poll(() => calls.length).toBe(6);
  expect(calls.slice(0, 2)).toEqual(['GET /api/user/me', 'POST /gmnggate/api']);
  expect(calls.slice(2).sort()).toEqual([
    'GET /api/stream',
    'GET /api/user/notification',
    'GET /api/user/notification',
    'POST /api/stream/ticket',
  ]);
  expect(calls.indexOf('POST /api/stream/ticket')).toBeLessThan(calls.indexOf('GET /api/stream'));
});

test('following a link while the page still loads the player keeps the session', async ({
  page,
  request,
  signInWithToken,
}) => {
  const credentials = newPlayer('nav');
  await registerPlayer(request, credentials);
  await signInWithToken(await apiToken(request, credentials));
  // The first page's /me never answers: the player leaves before it does, which cuts it short.
  let first = true;
  await page.route('**/api/user/me', async (route) => {
    if (!first) return route.continue();
    first = false;
  });
  await page.goto('/');
  await waitForClientScript(page);
  await expect.poll(() => first).toBe(false);
  await page.locator('.site-header').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.locator('.site-header [data-session-balance]')).toHaveText('€0.00');
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'auth_token')).toBe(true);
});

test('a token the server refuses is cleared and the page says the session has ended, without reloading', async ({
  page,
  signInWithToken,
}) => {
  await signInWithToken('f'.repeat(40));
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.goto('/faq');
  await expect(page.locator('html')).toHaveAttribute('data-session', 'out');
  await expect(dialog(page, 'sign-in').locator('[data-session-ended]')).toHaveText(
    'Your session has ended. Please sign in again.',
  );
  expect(loads).toBe(1);
  expect((await page.context().cookies()).find((c) => c.name === 'auth_token')).toBeUndefined();
});

test('a ?ref= link is remembered and a player who registers later counts for the referrer', async ({
  page,
  request,
}) => {
  // A referrer of its own: counting on the shared demo player would break when tests run in parallel.
  const referrer = newPlayer('refr');
  await registerPlayer(request, referrer);
  const referrerToken = await apiToken(request, referrer);
  const headers = { authorization: `Token ${referrerToken}` };
  const before = await (await request.get('/api/user/referral-stats', { headers })).json();

  await page.goto(`/?ref=${before.referral_code}`);
  await waitForClientScript(page);
  await page.goto('/rules#sign-up');
  const form = dialog(page, 'sign-up');
  await expect(form.locator('.auth-referral')).toContainText(before.referral_code);
  const player = newPlayer('ref');
  await submitSignUp(form, player);
  await expect(form.locator('[data-notice="check-inbox"]')).toBeVisible();
  await expect(form.locator('[data-notice="ref-ignored"]')).toHaveCount(0);

  // An account that was never activated is not an invited player yet.
  expect((await (await request.get('/api/user/referral-stats', { headers })).json()).invited).toBe(before.invited);
  const { uid, token } = await activationLink(player.email);
  expect((await request.post('/auth/users/activation/', { data: { uid, token } })).status()).toBe(204);
  const after = await (await request.get('/api/user/referral-stats', { headers })).json();
  expect(after.invited).toBe(before.invited + 1);
});

test('a stale ?ref= never blocks sign-up: registered, told the code was ignored, and the code is forgotten', async ({
  page,
}) => {
  await page.goto('/faq?ref=NOSUCHCODE');
  await waitForClientScript(page);
  expect(await page.evaluate(() => localStorage.getItem('referral-code'))).toBe('NOSUCHCODE');
  await page.goto('/faq#sign-up');
  const form = dialog(page, 'sign-up');
  await expect(form.locator('.auth-referral')).toContainText('NOSUCHCODE');
  const player = newPlayer('stale');
  await submitSignUp(form, player);

  // Told with the check-your-inbox screen, which stays until the player closes it.
  const inbox = form.locator('[data-notice="check-inbox"]');
  await expect(inbox.locator('[data-notice="ref-ignored"]')).toHaveText(
    'The referral code NOSUCHCODE does not exist, so we created your account without it.',
  );
  await expect(inbox).toContainText(`We have sent an activation link to ${player.email}.`);
  expect(await page.evaluate(() => localStorage.getItem('referral-code'))).toBeNull();
});

test('the signed-in header on a public page loads no React', async ({ page, request, signInWithToken }) => {
  await signInWithToken(await apiToken(request, DEMO));
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/loyal');
  await expect(page.locator('.site-header [data-session-username]')).toHaveText(DEMO.username);
  // Every script the signed-in page asks for has been asked for: the network has gone quiet.
  await page.waitForLoadState('networkidle');
  const sources = await Promise.all(scripts.map(async (path) => (await request.get(path)).text()));
  expect(sources.some((source) => source.includes('react.production') || source.includes('__REACT_DEVTOOLS'))).toBe(
    false,
  );
  expect(scripts.some((path) => path.includes('mount-auth-dialogs'))).toBe(false);
});
