// `npm run test:deploy` checks a deployment (E2E_BASE_URL) for what a CDN must get right; these
// are its checks that no other spec already makes. Each failure names the documented rule it breaks
// (tests/e2e/readme-rules.ts).
// Without E2E_BASE_URL they run against our own server as part of the local suite.
import { expect, test, type Page, type Request } from '@playwright/test';
import { JS_BUDGET_KB, measurePageJs } from '../../scripts/page-js.ts';
import { fromCents, toCents } from '../../core/api/money';
import type { User } from '../../core/api/contract';
import { LOCALES, ROUTES } from '../../core/i18n/locales.ts';
import { formatMoney } from '../../core/i18n/money-format';
import { localizedPath } from '../../core/i18n/urls';
import { cspProblems } from './csp';
import { ALLOW_WRITES, PLAYER, REMOTE, apiBase } from './deploy-target';
import { closeLowBalance, newPlayer, fillAdultSignUp, registerPlayer } from './helpers';
import { RULES, expectNone } from './readme-rules';

/** JSON bodies the page sends, kept to check they are encrypted. */
function recordJsonBodies(page: Page) {
  const bodies: { path: string; body: string }[] = [];
  page.on('request', (request: Request) => {
    const body = request.postData();
    if (body && request.headers()['content-type']?.includes('application/json'))
      bodies.push({ path: new URL(request.url()).pathname, body });
  });
  return bodies;
}

/** Every body is exactly {"e_data": base64} and the password appears in none. */
function unencrypted(bodies: { path: string; body: string }[], password: string): string[] {
  return bodies
    .filter(({ body }) => !/^\{"e_data":"[A-Za-z0-9+/]+=*"\}$/.test(body) || body.includes(password))
    .map(({ path, body }) => `${path}: ${body.slice(0, 60)}`);
}

/** Signs in with the dialog, as a player would; the dialog must close. */
async function signInThroughDialog(page: Page, player: { email: string; password: string }) {
  await page.goto('/faq#sign-in');
  const form = page.locator('dialog.auth-dialog[data-dialog="sign-in"][open]');
  await form.getByLabel('Email address').fill(player.email);
  await form.getByLabel('Password', { exact: true }).fill(player.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('dialog.auth-dialog[open]'), `${RULES.session}; ${RULES.crossOrigin}`).toHaveCount(0);
}

const authToken = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'auth_token')?.value;

async function me(page: Page, api: string, token: string): Promise<User> {
  const response = await page.request.get(`${api}/api/user/me`, { headers: { authorization: `Token ${token}` } });
  expect(response.status(), `${RULES.crossOrigin} (GET ${api}/api/user/me)`).toBe(200);
  return (await response.json()) as User;
}

const headerBalance = (page: Page) => page.locator('.site-header [data-session-balance]');

test.describe('a deployment', { tag: '@deploy' }, () => {
  test('every route answers 200 in all 14 locales, with the lang of its URL', async ({ request }) => {
    const pages = ROUTES.flatMap((route) => LOCALES.map((locale) => ({ locale, path: localizedPath(route, locale) })));
    expect(pages).toHaveLength(ROUTES.length * LOCALES.length);
    const statuses: string[] = [];
    const langs: string[] = [];
    // A route's 14 locales at a time: quick on a CDN, gentle on a small origin.
    for (let start = 0; start < pages.length; start += LOCALES.length) {
      const answers = await Promise.all(
        pages.slice(start, start + LOCALES.length).map(async ({ locale, path }) => {
          const response = await request.get(path, { maxRedirects: 0 });
          const lang = response.status() === 200 ? /<html lang="([^"]*)"/.exec(await response.text())?.[1] : undefined;
          return { locale, path, status: response.status(), lang };
        }),
      );
      for (const { locale, path, status, lang } of answers) {
        if (status !== 200) statuses.push(`${path} answers ${status}`);
        else if (lang !== locale) langs.push(`${path} has lang ${lang ?? '(none)'}`);
      }
    }
    expectNone(statuses, RULES.prettyUrls);
    expectNone(langs, RULES.unchangedHtml);
  });

  test('pages keep their <meta> CSP and are sent with frame-ancestors', async ({ request }) => {
    const metas: string[] = [];
    const headers: string[] = [];
    for (const path of ['/', '/faq', '/ja/rules', '/ru/profile/deposit', '/ko/no-such-page']) {
      const response = await request.get(path);
      // A page the CDN did not find is the 404 rule's failure, reported by errors.spec.ts.
      if (response.ok()) metas.push(...cspProblems(await response.text()).map((problem) => `${path}: ${problem}`));
      const header = response.headers()['content-security-policy'];
      if (!/frame-ancestors 'none'/.test(header ?? ''))
        headers.push(`${path}: Content-Security-Policy header ${header ? `is "${header}"` : 'missing'}`);
    }
    expectNone(metas, RULES.unchangedHtml);
    expectNone(headers, RULES.frameAncestors);
  });

  test('builds/latest.json points at the meta file of the build, with its route list', async ({ request }) => {
    const latest = await request.get('/builds/latest.json');
    expect(latest.status(), `${RULES.freshBuilds} (GET /builds/latest.json)`).toBe(200);
    const pointer = (await latest.json().catch(() => undefined)) as { id: string } | undefined;
    expect(pointer, RULES.freshBuilds).toEqual({ id: expect.any(String), timestamp: expect.any(String) });
    const meta = await request.get(`/builds/meta/${pointer!.id}.json`);
    expect(meta.status(), `${RULES.freshBuilds} (GET /builds/meta/${pointer!.id}.json)`).toBe(200);
    expect(await meta.json(), RULES.freshBuilds).toMatchObject({
      id: pointer!.id,
      routes: expect.arrayContaining(['/', '/ru/profile/deposit']),
    });
  });

  test(`a public page loads at most ${JS_BUDGET_KB.public} KB of JavaScript before any interaction`, async ({
    context,
  }) => {
    const over: string[] = [];
    for (const path of ['/', '/faq', '/ja/rules']) {
      const page = await context.newPage();
      const { jsGzip, react } = await measurePageJs(page, path);
      if (jsGzip > JS_BUDGET_KB.public * 1024) over.push(`${path} loads ${(jsGzip / 1024).toFixed(2)} KB`);
      if (react) over.push(`${path} loads React`);
      await page.close();
    }
    expectNone(over, RULES.jsBudget);
  });

  test('a player signs in with encrypted bodies, sees the balance in the header, and signs out', async ({
    page,
    baseURL,
  }) => {
    test.skip(!PLAYER, 'set E2E_PLAYER_EMAIL and E2E_PLAYER_PASSWORD to check signing in');
    const api = apiBase(baseURL!);
    const bodies = recordJsonBodies(page);
    await signInThroughDialog(page, PLAYER!);
    expectNone(unencrypted(bodies, PLAYER!.password), RULES.encryptedBodies);

    const token = await authToken(page);
    expect(token, RULES.session).toMatch(/^[0-9a-f]{40}$/);
    const player = await me(page, api, token!);
    await expect(headerBalance(page), RULES.session).toHaveText(formatMoney(player.balance, player.currency, 'en'));
    // A balance of 0.50 or less opens the low-balance dialog, which would cover the header.
    if (toCents(player.balance)! <= 50) await closeLowBalance(page);

    await page.locator('.site-header').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await authToken(page), RULES.session).toBeUndefined();
    const after = await page.request.get(`${api}/api/user/me`, { headers: { authorization: `Token ${token}` } });
    expect(after.status(), `${RULES.session} (the signed-out token still works)`).toBe(401);
  });

  test('a new player registers with encrypted bodies and is asked to open the activation link', async ({ page }) => {
    test.skip(!ALLOW_WRITES, 'creates an account: set E2E_ALLOW_WRITES=1 to check registering');
    const newcomer = newPlayer('deploy');
    const bodies = recordJsonBodies(page);
    await page.goto('/#sign-up');
    const form = page.locator('dialog.auth-dialog[data-dialog="sign-up"][open]');
    await form.getByLabel('Email address').fill(newcomer.email);
    await form.getByLabel('Username').fill(newcomer.username);
    await form.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await fillAdultSignUp(form);
    const answer = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/auth/users/' && response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Create account' }).click();
    expect((await answer).status(), `${RULES.registration}; ${RULES.crossOrigin}`).toBe(201);
    // The account waits for the mailed link, which a test against a deployment cannot read.
    await expect(form.locator('[data-notice="check-inbox"]'), RULES.registration).toContainText(
      `We have sent an activation link to ${newcomer.email}.`,
    );
    expectNone(unencrypted(bodies, newcomer.password), RULES.encryptedBodies);
  });

  test('a player makes a small deposit on the demo payment page', async ({ page, baseURL, request }) => {
    test.skip(!ALLOW_WRITES, 'makes a payment: set E2E_ALLOW_WRITES=1 to check depositing');
    // On a deployment, E2E_PLAYER_*: a new account there cannot be activated without its mail.
    // On our own server, a new player activated through the outbox: never the shared demo player.
    const depositor = REMOTE ? PLAYER : newPlayer('deploydep');
    test.skip(!depositor, 'set E2E_PLAYER_EMAIL and E2E_PLAYER_PASSWORD to check depositing');
    if (!REMOTE) await registerPlayer(request, depositor as ReturnType<typeof newPlayer>);
    const api = apiBase(baseURL!);
    await signInThroughDialog(page, depositor!);
    // A first sign-in is welcomed, a low balance warned about: either covers the header.
    const invitation = page.locator('#welcome-dialog[open], #low-balance-dialog[open]');
    if (await invitation.count()) {
      await page.keyboard.press('Escape');
      await expect(invitation).toHaveCount(0);
    }

    const before = await me(page, api, (await authToken(page))!);
    const { limits, currency } = before;
    await page.goto('/profile/deposit');
    const deposit = page.locator('form[data-form="deposit"]');
    await deposit.locator('input[name="amount"]').fill(limits.deposit_min);
    await deposit.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL((url) => url.pathname !== '/profile/deposit');
    test.skip(
      !new URL(page.url()).pathname.startsWith('/demo-pay/'),
      `the payment page is not the demo one (${page.url()}): no deposit made`,
    );

    await page.locator('button.confirm').click();
    await page.waitForURL((url) => url.pathname === '/profile/deposit');
    const expected = formatMoney(fromCents(toCents(before.balance)! + toCents(limits.deposit_min)!), currency, 'en');
    await expect(headerBalance(page), RULES.deposit).toHaveText(expected);
  });
});
