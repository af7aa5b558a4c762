import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';

/** Resolves once the page's bundled client script has run and wired the header controls. */
export async function waitForClientScript(page: Page): Promise<void> {
  await page.locator('html[data-client-ready]').waitFor({ state: 'attached' });
}

import { TEST_REJECT_PATH, TEST_VERIFY_PATH } from '../../scripts/test-hooks.mjs';

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

/** Signs in through the API (plain JSON, which the server accepts) and answers the token. */
export async function apiToken(request: import('@playwright/test').APIRequestContext, credentials: { email: string; password: string }) {
  const response = await request.post('/auth/token/login/', { data: { email: credentials.email, password: credentials.password } });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { auth_token: string }).auth_token;
}

/** A new player has nothing on their balance, so the low-balance dialog opens: close it. */
export async function closeLowBalance(page: Page) {
  const low = page.locator('#low-balance-dialog[open]');
  await low.waitFor();
  await low.locator('[data-close-dialog]').last().click();
  await expect(low).toHaveCount(0);
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
  const created = await request.post('/api/user/payments/create-payment', { headers: { authorization: `Token ${token}` }, data: { amount, method } });
  if (created.status() !== 201) throw new Error(`create-payment answered ${created.status()}: ${await created.text()}`);
  const path = new URL((await created.json()).redirect_url).pathname;
  const formToken = /name="token" value="([^"]+)"/.exec(await (await request.get(path)).text())?.[1];
  if (!formToken) throw new Error(`the payment page ${path} has no form token`);
  const confirmed = await request.post(`${path}/confirm`, { form: { token: formToken }, maxRedirects: 0 });
  if (confirmed.status() !== 303) throw new Error(`confirming ${path} answered ${confirmed.status()}`);
}

/**
 * Marks the player's identity verified, as staff would, so they may withdraw: through the e2e
 * server's test-only route (scripts/test-hooks.mjs), since approval belongs to the operator console.
 */
export async function verifyIdentity(request: import('@playwright/test').APIRequestContext, token: string) {
  const response = await request.post(TEST_VERIFY_PATH, { headers: { authorization: `Token ${token}` } });
  if (response.status() !== 204) throw new Error(`verifying the player answered ${response.status()}`);
}

/** Rejects the player's pending document with staff's `reason`, through the same test-only routes. */
export async function rejectIdentity(request: import('@playwright/test').APIRequestContext, token: string, reason: string) {
  const response = await request.post(`${TEST_REJECT_PATH}?reason=${encodeURIComponent(reason)}`, { headers: { authorization: `Token ${token}` } });
  if (response.status() !== 204) throw new Error(`rejecting the document answered ${response.status()}`);
}
