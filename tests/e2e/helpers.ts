import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { ACTIVATION_LINK, findMail, mailedLink, type OutboxMail } from '../mail-outbox';
import type { MarketInfo } from '../../core/api/contract';
import { TEST_REJECT_PATH, TEST_VERIFY_PATH } from '../../scripts/test-hooks.ts';
import { E2E_MARKETS, e2eMarketDataDir } from './isolated-site.ts';

/** Resolves once the page's bundled client script has run and wired the header controls. */
export async function waitForClientScript(page: Page): Promise<void> {
  await page.locator('html[data-client-ready]').waitFor({ state: 'attached' });
}

export { DEMO_PLAYER as DEMO } from '../../server/src/db/demo-player';

let counter = 0;
/**
 * Credentials nobody has used yet, in this run or any other. Tests run in parallel workers
 * (separate processes, each with its own counter), so the random part keeps two workers from
 * ever picking the same name in the same millisecond.
 */
export function newPlayer(prefix = 'p') {
  counter += 1;
  const tag = `${prefix}${Date.now().toString(36)}${randomBytes(2).toString('hex')}${counter}`;
  return { email: `${tag}@example.test`, username: tag, password: 'amber-lantern-9', ...ADULT };
}

/** What sign-up needs besides the credentials: an adult's date of birth and the accepted terms. */
export const ADULT = { date_of_birth: '1990-04-12', accept_terms: true } as const;

/** Fills the sign-up dialog's date of birth (an adult's) and ticks the terms, in any language. */
export async function fillAdultSignUp(form: Locator, dateOfBirth: string = ADULT.date_of_birth) {
  await form.locator('input[name="date_of_birth"]').fill(dateOfBirth);
  await form.locator('input[name="accept_terms"]').check();
}

/** The sign-up dialog's labels in the languages the specs register in. */
const SIGN_UP_LABELS = {
  en: { email: 'Email address', username: 'Username', password: 'Password', submit: 'Create account' },
  de: { email: 'E-Mail-Adresse', username: 'Benutzername', password: 'Passwort', submit: 'Konto eröffnen' },
};

/** Fills the sign-up dialog (the credentials, an adult's date of birth, the terms) in `lang` and submits it. */
export async function submitSignUp(
  form: Locator,
  values: { email: string; username: string; password: string },
  lang: keyof typeof SIGN_UP_LABELS = 'en',
) {
  const label = SIGN_UP_LABELS[lang];
  await form.getByLabel(label.email).fill(values.email);
  await form.getByLabel(label.username).fill(values.username);
  await form.getByLabel(label.password, { exact: true }).fill(values.password);
  await fillAdultSignUp(form);
  await form.getByRole('button', { name: label.submit }).click();
}

/** Signs in through the API (plain JSON, which the server accepts), in `language` if given, and answers the token. */
export async function apiToken(
  request: import('@playwright/test').APIRequestContext,
  credentials: { email: string; password: string },
  language?: string,
) {
  const headers = language ? { 'accept-language': language } : undefined;
  const response = await request.post('/auth/token/login/', {
    data: { email: credentials.email, password: credentials.password },
    headers,
  });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { auth_token: string }).auth_token;
}

/** A new player has nothing on their balance, so the low-balance dialog opens: close it. */
export const closeLowBalance = (page: Page) => closeBalanceDialog(page, '#low-balance-dialog');

/** The first sign-in of an account (in the browser) is greeted with the welcome dialog instead: close it. */
export const closeWelcome = (page: Page) => closeBalanceDialog(page, '#welcome-dialog');

async function closeBalanceDialog(page: Page, selector: string) {
  const dialog = page.locator(`${selector}[open]`);
  await dialog.waitFor();
  await dialog.locator('[data-close-dialog]').last().click();
  await expect(dialog).toHaveCount(0);
}

/**
 * Deposits through the API and the demo payment page, as a player would: the page's own form
 * (with its payment-bound token) is submitted, and the confirmation must redirect back.
 */
export async function depositThroughPaymentPage(
  request: import('@playwright/test').APIRequestContext,
  token: string,
  amount: string,
  method: 'card' | 'bank_transfer' | 'crypto' = 'card',
) {
  const created = await request.post('/api/user/payments/create-payment', {
    headers: { authorization: `Token ${token}` },
    data: { amount, method },
  });
  if (created.status() !== 201) throw new Error(`create-payment answered ${created.status()}: ${await created.text()}`);
  const path = new URL((await created.json()).redirect_url).pathname;
  const formToken = /name="token" value="([^"]+)"/.exec(await (await request.get(path)).text())?.[1];
  if (!formToken) throw new Error(`the payment page ${path} has no form token`);
  const confirmed = await request.post(`${path}/confirm`, { form: { token: formToken }, maxRedirects: 0 });
  if (confirmed.status() !== 303) throw new Error(`confirming ${path} answered ${confirmed.status()}`);
}

/**
 * Marks the player's identity verified, as staff would, so they may withdraw: through the e2e
 * server's test-only route (scripts/test-hooks.ts), since approval belongs to the operator console.
 */
export async function verifyIdentity(request: import('@playwright/test').APIRequestContext, token: string) {
  const response = await request.post(TEST_VERIFY_PATH, { headers: { authorization: `Token ${token}` } });
  if (response.status() !== 204) throw new Error(`verifying the player answered ${response.status()}`);
}

/** What staff read from a document, as the console's approval form asks for it (its labels). */
export interface DocumentReading {
  number: string;
  name: string;
  dateOfBirth: string;
  expiresOn: string;
}

/** Types what staff read on the document into the review page's approval form. */
export async function fillDocumentReading(console_: Page, reading: DocumentReading) {
  await console_.getByLabel('Document number', { exact: true }).fill(reading.number);
  await console_.getByLabel('Full name on the document', { exact: true }).fill(reading.name);
  await console_.getByLabel('Date of birth on the document', { exact: true }).fill(reading.dateOfBirth);
  await console_.getByLabel('Expiry date', { exact: true }).fill(reading.expiresOn);
}

/** Rejects the player's pending document with staff's `reason`, through the same test-only routes. */
export async function rejectIdentity(
  request: import('@playwright/test').APIRequestContext,
  token: string,
  reason: string,
) {
  const response = await request.post(`${TEST_REJECT_PATH}?reason=${encodeURIComponent(reason)}`, {
    headers: { authorization: `Token ${token}` },
  });
  if (response.status() !== 204) throw new Error(`rejecting the document answered ${response.status()}`);
}

/** Where the e2e servers (scripts/server.mjs --e2e, no SMTP_URL) write their mail. */
export const OUTBOXES = [
  '.data/e2e/outbox',
  '.data/e2e-isolated/outbox',
  ...E2E_MARKETS.map((market) => `${e2eMarketDataDir(market)}/outbox`),
];

/** The newest mail to `email` (matching `pattern`) in the e2e servers' outboxes, once it is there. */
export async function mailTo(email: string, pattern?: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => !!(found = await findMail(OUTBOXES, email, pattern)), { message: `a mail to ${email}` })
    .toBe(true);
  return found!;
}

/** The activation link mailed to `email`. */
export async function activationLink(email: string) {
  return mailedLink((await mailTo(email, ACTIVATION_LINK)).text, 'activate')!;
}

/**
 * What the server's market asks at sign-up beyond the usual (docs/markets.md): the one country its licence
 * covers, and its ceiling as the monthly deposit limit where one is required.
 */
async function marketSignUpFields(request: APIRequestContext): Promise<Record<string, unknown>> {
  const market = (await (await request.get('/api/market')).json()) as MarketInfo;
  return {
    ...(Array.isArray(market.countries) ? { country: market.countries[0] } : {}),
    ...(market.deposit_limit.at_registration === 'required'
      ? { deposit_limit: { amount: market.deposit_limit.monthly_max, period: 'month' } }
      : {}),
  };
}

/**
 * Registers through the API (plain JSON, which the server accepts) and activates the account
 * with the link of its mail, as a player would: for tests about what comes after sign-up.
 */
export async function registerPlayer(
  request: APIRequestContext,
  player: { email: string; username: string; password: string },
  language = 'en',
) {
  const registered = await request.post('/auth/users/', {
    data: { ...ADULT, ...(await marketSignUpFields(request)), ...player },
    headers: { 'accept-language': language },
  });
  if (registered.status() !== 201)
    throw new Error(`registration answered ${registered.status()}: ${await registered.text()}`);
  const { uid, token } = await activationLink(player.email);
  const activated = await request.post('/auth/users/activation/', { data: { uid, token } });
  if (activated.status() !== 204)
    throw new Error(`activation answered ${activated.status()}: ${await activated.text()}`);
}

/**
 * After the sign-up dialog said "check your inbox": opens the mailed link (the /activate page),
 * waits for the account to be activated, and opens the sign-in dialog from there.
 */
export async function activateFromMail(page: Page, email: string) {
  const link = await activationLink(email);
  await page.goto(link.url);
  const activated = page.locator('[data-notice="activated"]');
  await expect(activated).toBeVisible();
  // The token leaves the address bar as soon as the page has read it.
  expect(new URL(page.url()).hash).toBe('');
  await activated.getByRole('button').click();
  const signIn = page.locator('dialog.auth-dialog[data-dialog="sign-in"][open]');
  await expect(signIn).toBeVisible();
  return signIn;
}

/** The WCAG rule sets every axe check of the site and the console runs. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Fails with each violation's rule and elements when axe finds any on the page as it is now. */
export async function noAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(
    results.violations,
    `${page.url()}: ${results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`).join('; ')}`,
  ).toEqual([]);
}

/** A 1×1 PNG: an identity document the upload accepts, and a real image for its preview. */
const ONE_PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A one-pixel PNG that is a file of its own: random bytes after its end (which image readers
 * ignore) give each upload its own SHA-256, since the risk desk links every account that uploads
 * the same document file (link.shared_document) and then asks staff for a reason to approve.
 */
export const onePixelPng = () => Buffer.concat([ONE_PIXEL, randomBytes(16)]);

/** Every screen of the player's profile area. */
export const PROFILE_SCREENS = [
  '/profile',
  '/profile/balance',
  '/profile/deposit',
  '/profile/withdrawal',
  '/profile/history',
  '/profile/notification',
  '/profile/security',
  '/profile/affiliate_program',
  '/profile/bonus',
  '/profile/loyalty',
  '/profile/responsible_gaming',
];

/** In a blackjack round, stands on every hand with the keyboard until `settled` (the round's outcome) shows. */
export async function standUntilSettled(frame: FrameLocator, settled: Locator) {
  const stand = frame.locator('[data-action=stand]');
  // Wait for either, never spin on isVisible().
  for (;;) {
    await expect(settled.or(stand).first()).toBeVisible();
    if (await settled.isVisible()) break;
    // Each step re-renders the buttons: a press may miss one that has just gone. After a press, wait
    // until that very button has gone (answered) before looking again: pressing a stand that is still
    // on screen while its answer is on the way sent a second Enter, which landed on Deal once the
    // round settled and moved focus there, and dealt a second round.
    const button = await stand.elementHandle({ timeout: 2_000 }).catch(() => null);
    if (!button) continue;
    await button.press('Enter', { timeout: 2_000 }).catch(() => undefined);
    await button.waitForElementState('hidden', { timeout: 10_000 }).catch(() => undefined);
    await button.dispose();
  }
}

/**
 * One real dice round of `token`'s player, played elsewhere (here the API itself, as another tab
 * would): its round id and the balance after it.
 */
export async function playDiceRound(
  request: import('@playwright/test').APIRequestContext,
  token: string,
): Promise<{ roundId: string; balance: string }> {
  const launched = await request.post('/gmnggate/api', {
    headers: { authorization: `Token ${token}` },
    data: { method: 'game_launch', game_id: 'dice', mode: 'real' },
  });
  const sessionId = (await launched.json()).session_id as string;
  const round = await request.post(`/demo-games/api/sessions/${sessionId}/rounds`, {
    // Over 50.49 pays exactly 2×, a bet that takes any stake.
    data: { bet: { type: 'dice', amount: '2.00', target: '50.49', direction: 'over' } },
  });
  if (round.status() !== 200) throw new Error(`dice round: ${round.status()} ${await round.text()}`);
  const body = (await round.json()) as { round: { round_id: string }; balance: string };
  return { roundId: body.round.round_id, balance: body.balance };
}

/**
 * The single-player crash title's own page. While the shared room runs, /play?game=crash shows the
 * room instead of framing it (docs/multiplayer-crash.md), so a spec of the single-player title
 * launches it through the gateway as /play would, and opens the provider's page itself.
 */
export async function openSinglePlayerCrash(
  page: Page,
  { mode = 'demo', token, locale = 'en' }: { mode?: 'demo' | 'real'; token?: string; locale?: string } = {},
): Promise<{ sessionId: string }> {
  const launched = await page.request.post('/gmnggate/api', {
    headers: { 'accept-language': locale, ...(token ? { authorization: `Token ${token}` } : {}) },
    data: { method: 'game_launch', game_id: 'crash', mode },
  });
  expect(launched.status()).toBe(200);
  const { url, session_id: sessionId } = (await launched.json()) as { url: string; session_id: string };
  await page.goto(url);
  await page.locator('form.bet').waitFor();
  return { sessionId };
}
