import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  DEMO,
  activationLink,
  apiToken,
  closeLowBalance,
  depositThroughPaymentPage,
  fillAdultSignUp,
  newPlayer,
  verifyIdentity,
  AXE_TAGS,
  PROFILE_SCREENS,
} from './helpers';

const me = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/user/me', { headers: { authorization: `Token ${token}` } })).json();

const deposit = depositThroughPaymentPage;

test('edit profile: saved fields come back, a taken username is refused next to the field', async ({
  page,
  request,
  signedInPlayer,
}) => {
  const player = await signedInPlayer({ prefix: 'prof' });
  await page.goto('/profile');
  await closeLowBalance(page);
  const form = page.locator('form[data-form="profile"]');
  await expect(form.getByLabel('Username')).toHaveValue(player.username);
  await expect(page.locator('.summary')).toContainText(player.email);

  const renamed = `${player.username}x`;
  await form.getByLabel('First name').fill('Ana');
  await form.getByLabel('Username').fill(renamed);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await expect(page.locator('.site-header [data-session-username]')).toHaveText(renamed);
  // The update kept the balance at zero, where it already was: no second low-balance dialog.
  await expect(page.locator('#low-balance-dialog')).not.toHaveAttribute('open', '');
  expect(await me(request, player.token)).toMatchObject({ username: renamed, first_name: 'Ana' });

  await form.getByLabel('Username').fill(DEMO.username.toUpperCase());
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.locator('#field-username-error')).toHaveText('This username is already taken.');
});

test('profile switches: incognito and marketing consent are saved by keyboard and come back after a reload', async ({
  page,
  request,
  signedInPlayer,
}) => {
  const player = await signedInPlayer({ prefix: 'prof' });
  await page.goto('/profile');
  await closeLowBalance(page);
  const incognito = page.locator('form[data-form="incognito"]');
  const consent = page.locator('form[data-form="marketing-consent"]');
  const hidden = incognito.getByRole('checkbox', { name: /Incognito/ });
  const offers = consent.getByRole('checkbox', { name: /Send me offers/ });
  await expect(hidden).not.toBeChecked();
  await expect(offers).not.toBeChecked();
  await expect(hidden).toHaveAccessibleDescription(/instead of your shortened username/);

  await hidden.focus();
  await page.keyboard.press('Space');
  await incognito.getByRole('button', { name: 'Save privacy setting' }).press('Enter');
  await expect(incognito.getByText('Your privacy setting has been saved.')).toBeVisible();
  await offers.check();
  await consent.getByRole('button', { name: 'Save' }).click();
  await expect(consent.getByText('Your choice has been saved.')).toBeVisible();
  expect(await me(request, player.token)).toMatchObject({ incognito: true, marketing_consent: true });

  await page.reload();
  await expect(hidden).toBeChecked();
  await expect(offers).toBeChecked();
});

test('deposit through the demo payment page: the balance rises by exactly the amount', async ({
  page,
  request,
  signedInPlayer,
}) => {
  const player = await signedInPlayer({ prefix: 'prof' });
  await page.goto('/de/profile/deposit');
  const form = page.locator('form[data-form="deposit"]');
  await form.getByRole('button', { name: '25,00\u00a0€' }).click();
  await expect(form.locator('input[name="amount"]')).toHaveValue('25,00');

  const keys: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/user/payments/create-payment')) keys.push(req.headers()['idempotency-key'] ?? '');
  });
  // A double click makes one payment: every request it sends carries the same Idempotency-Key
  // (the API suite proves the server then creates one payment).
  await form.locator('button[type="submit"]').dblclick();
  await page.waitForURL('**/demo-pay/**');
  expect(keys.length).toBeGreaterThanOrEqual(1);
  expect(new Set(keys).size).toBe(1);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.locator('button.confirm').click();

  await page.waitForURL((url) => url.pathname === '/de/profile/deposit');
  await expect(page.getByRole('status').filter({ hasText: '25,00\u00a0€' })).toBeVisible();
  await expect(page.locator('.site-header [data-session-balance]')).toHaveText('25,00\u00a0€');
  expect((await me(request, player.token)).balance).toBe('25.00');
  expect(new URL(page.url()).search).toBe('');
});

test('withdraw: the balance falls, the request is pending in the list and in history; too much is refused', async ({
  page,
  request,
  signedInPlayer,
}) => {
  const player = await signedInPlayer({ prefix: 'prof' });
  await deposit(request, player.token, '40.00');
  await verifyIdentity(request, player.token);
  await page.goto('/profile/withdrawal');
  const form = page.locator('form[data-form="withdrawal"]');
  await expect(page.locator('[data-available]')).toHaveText('Available to withdraw: €40.00');
  await expect(page.getByText('You have no pending withdrawals.')).toBeVisible();

  // Both fields wrong: both say so, and focus goes to the first one on the form.
  await form.getByLabel('Amount (EUR)').fill('abc');
  await form.getByLabel('Card, account or wallet').fill('<script>');
  await form.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(form.locator('#field-destination-error')).toHaveText('Enter a valid card number (12 to 19 digits).');
  await expect(form.getByLabel('Amount (EUR)')).toBeFocused();

  await form.getByLabel('Amount (EUR)').fill('50');
  await form.getByLabel('Card, account or wallet').fill('4000 0566 5566 5556');
  await form.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(form.locator('#field-amount-error')).toHaveText('Insufficient funds: your balance is €40.00.');
  expect((await me(request, player.token)).balance).toBe('40.00');

  await form.getByLabel('Amount (EUR)').fill('15.50');
  await form.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(
    page.getByText('Your withdrawal of €15.50 has been requested. Your balance is now €24.50.'),
  ).toBeVisible();
  await expect(page.locator('.site-header [data-session-balance]')).toHaveText('€24.50');
  const pendingRow = page.locator('tr[data-type="withdrawal"][data-status="pending"]');
  await expect(pendingRow).toHaveCount(1);
  await expect(pendingRow).toContainText('-€15.50');
  expect((await me(request, player.token)).balance).toBe('24.50');

  await page.goto('/profile/history?type=withdrawal');
  await expect(page.locator('tr[data-type="withdrawal"]')).toHaveCount(1);
  await expect(page.locator('tr[data-type="withdrawal"]')).toContainText('Pending');
});

test('history: filters live in the URL and survive a reload and Back', async ({ page, request, signedInPlayer }) => {
  const player = await signedInPlayer({ prefix: 'prof' });
  await deposit(request, player.token, '10.00');
  await page.goto('/profile/history');
  await expect(page.locator('.history-count')).toHaveText('1 transaction');
  await expect(page.locator('.tx-table tbody tr')).toContainText('€10.00');

  await page.getByLabel('Type').selectOption('withdrawal');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\?type=withdrawal$/);
  await expect(page.getByText('No transactions match these filters.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Type')).toHaveValue('withdrawal');
  await expect(page.getByText('No transactions match these filters.')).toBeVisible();
  await page.goBack();
  await expect(page.locator('.tx-table tbody tr')).toHaveCount(1);
});

test('history is readable on a phone: rows become labelled cards without sideways scroll', async ({
  page,
  request,
  signedInPlayer,
}) => {
  const player = await signedInPlayer({ prefix: 'prof' });
  await deposit(request, player.token, '12.00');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/ja/profile/history');
  await expect(page.locator('.tx-table tbody tr')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const before = await page
    .locator('.tx-table td')
    .first()
    .evaluate((cell) => getComputedStyle(cell, '::before').content);
  expect(before).not.toBe('none');
});

test('notifications: tabs, unread count, mark all read, delete with confirmation', async ({ page, signedInPlayer }) => {
  await signedInPlayer({ prefix: 'prof' });
  await page.goto('/profile/notification');
  await closeLowBalance(page);
  await expect(page.locator('.unread-count')).toHaveText('2 unread');
  const own = page.getByRole('tab', { name: /For you/ });
  await expect(own).toHaveAttribute('aria-selected', 'true');
  await own.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: /News for everyone/ })).toHaveAttribute('aria-selected', 'true');
  // Only true news: the one broadcast is the new games (no made-up "weekend reload" offer).
  await expect(page.getByRole('tabpanel').locator('li')).toHaveCount(1);
  await expect(page.getByRole('tabpanel')).toContainText('New games in the lobby');

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.locator('.unread-count')).toHaveText('Everything is read.');

  await page.getByRole('tab', { name: /For you/ }).click();
  await page.getByRole('button', { name: 'Delete “Welcome to AmberPlay”' }).click();
  await page.getByRole('group').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('tabpanel').locator('li')).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete “Welcome to AmberPlay”' }).click();
  await page.getByRole('group').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Notification deleted.')).toBeVisible();
  await expect(page.getByText('No notifications here yet.')).toBeVisible();
});

test('affiliate: copy the referral link; a player who registers through it shows in the stats', async ({
  page,
  request,
  context,
  browser,
  signedInPlayer,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signedInPlayer({ prefix: 'prof' });
  await page.goto('/profile/affiliate_program');
  await closeLowBalance(page);
  const link = await page.locator('[data-referral-link]').inputValue();
  expect(link).toMatch(/\/\?ref=[A-Z2-9]{8}$/);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // A friend opens the link in their own browser and registers.
  const friendContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const friendPage = await friendContext.newPage();
  await friendPage.goto(link);
  await friendPage.goto('/#sign-up');
  const friend = newPlayer('friend');
  const form = friendPage.locator('dialog[open]');
  await form.getByLabel('Email address').fill(friend.email);
  await form.getByLabel('Username').fill(friend.username);
  await form.getByLabel('Password', { exact: true }).fill(friend.password);
  await fillAdultSignUp(form);
  await form.getByRole('button', { name: 'Create account' }).click();
  // The friend's account now waits for activation: it does not count as invited yet.
  await expect(friendPage.locator('[data-notice="check-inbox"]')).toBeVisible();
  await friendContext.close();
  await page.reload();
  await expect(page.locator('[data-stat="Friends invited"]')).toHaveText('0');

  // Activated through the link of their mail, the friend counts.
  const { uid, token } = await activationLink(friend.email);
  expect((await request.post('/auth/users/activation/', { data: { uid, token } })).status()).toBe(204);
  await page.reload();
  await expect(page.locator('[data-stat="Friends invited"]')).toHaveText('1');
});

test('bonus, balance and loyalty show the player’s figures', async ({ page, request, signedInPlayer }) => {
  const player = await signedInPlayer({ prefix: 'prof' });
  await deposit(request, player.token, '1200.00');
  await page.goto('/profile/balance');
  await expect(page.locator('[data-figure="balance"]')).toHaveText('€1,200.00');
  await expect(page.locator('.tx-table tbody tr')).toHaveCount(1);
  await page.goto('/profile/bonus');
  await expect(page.locator('[data-figure="bonus"]')).toHaveText('€0.00');
  await page.goto('/profile/loyalty');
  await expect(page.locator('[data-level="silver"]')).toHaveText('Silver');
  await expect(page.locator('progress')).toHaveAttribute('value', '5');
});

test('a screen whose data cannot load says so and offers a retry that works', async ({ page, signedInPlayer }) => {
  await signedInPlayer({ prefix: 'prof' });
  let fail = true;
  await page.route('**/api/user/referral-stats', (route) => (fail ? route.abort() : route.continue()));
  await page.goto('/profile/affiliate_program');
  await closeLowBalance(page);
  await expect(page.getByRole('alert')).toContainText('We could not load this.');
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('[data-referral-link]')).toBeVisible();
});

test.describe('home lobby', () => {
  test('lists the catalogue with sized images (lazy below the first row) and recent winners', async ({ page }) => {
    await page.goto('/ko/');
    const games = page.locator('[data-lobby-games] .game-card');
    await expect(games).toHaveCount(15);
    await expect(games.first().locator('img')).toHaveAttribute('loading', 'eager');
    const image = games.nth(4).locator('img');
    await expect(image).toHaveAttribute('loading', 'lazy');
    await expect(image).toHaveAttribute('width', '320');
    await expect(image).toHaveAttribute('height', '240');
    await expect(games.first()).toContainText('슬롯');
    await expect(page.locator('[data-lobby-winners] .winner:not(.winner--skeleton)').first()).toContainText('€');
    await expect(page.locator('[data-lobby-games]')).toHaveAttribute('aria-busy', 'false');
  });

  test('a failed catalogue refresh keeps the prerendered games; a failed winners list shows a quiet message', async ({
    page,
  }) => {
    await page.route('**/gmnggate/games**', (route) => route.abort());
    await page.route('**/api/snikx/win_stats', (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('[data-lobby-games]')).toHaveAttribute('aria-busy', 'false');
    await expect(page.locator('[data-lobby-games] .game-card')).toHaveCount(15);
    await expect(page.locator('[data-lobby-winners] [data-unavailable]')).toBeVisible();
  });
});

test('every profile screen hydrates and loads without a console error', async ({ page, request, signInWithToken }) => {
  test.setTimeout(60_000);
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(`${page.url()}: ${message.text()}`));
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  const token = await apiToken(request, DEMO);
  await signInWithToken(token);
  for (const path of [...PROFILE_SCREENS, '/profile/history?type=deposit&page=1']) {
    await page.goto(path);
    await expect(page.locator('astro-island:not([ssr])').first()).toBeAttached();
    await expect(page.locator('.skeleton')).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});

for (const mode of ['light', 'dark'] as const) {
  test(`axe: every profile screen, signed in with data, ${mode} mode`, async ({ page, request, signInWithToken }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: mode });
    const token = await apiToken(request, DEMO);
    await signInWithToken(token);
    for (const path of PROFILE_SCREENS) {
      await page.goto(path);
      await expect(page.locator('.skeleton')).toHaveCount(0);
      const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
      expect(results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    }
  });
}
