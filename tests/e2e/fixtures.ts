import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { apiToken, depositThroughPaymentPage, newPlayer, registerPlayer, verifyIdentity } from './helpers';
import { E2E_DATA_DIR, ISOLATED_SPECS } from './isolated-site.ts';
import { TEST_CLOCK_PATH } from '../../scripts/test-hooks.ts';

export { expect };

/** What a signed-in player may need before the test starts. */
export interface PlayerOptions {
  /** The start of the generated username and address (see `newPlayer`). */
  prefix?: string;
  /** Credentials to use instead of fresh ones. */
  credentials?: ReturnType<typeof newPlayer>;
  /** Registers and signs in with this `accept-language`, so the account's mail comes in it. */
  language?: string;
  /** Deposits this much through the demo payment page first. */
  deposit?: string;
  /** The payment method of that deposit (card unless given). */
  depositMethod?: 'card' | 'bank_transfer' | 'crypto';
  /** Has the player's identity marked verified (so they may withdraw). */
  verified?: boolean;
}
export type SignedInPlayer = ReturnType<typeof newPlayer> & { token: string };

/** The server's one clock (services.clock), moved through its test hook (scripts/test-hooks.ts). */
export interface ServerClock {
  /** Moves the server's time forward by `seconds`; answers the server's new "now". */
  advance(seconds: number): Promise<Date>;
  /** The server's "now". */
  now(): Promise<Date>;
}

/** Gives a browser context the site's session cookie, as signing in does. */
export async function signInContext(context: BrowserContext, token: string) {
  await context.addCookies([{ name: 'auth_token', value: token, url: test.info().project.use.baseURL! }]);
}

export const test = base.extend<{
  /**
   * Registers and activates a fresh player through the API (each call a new one), signs them in
   * in this test's page by the session cookie, and answers their credentials and token.
   */
  signedInPlayer: (options?: PlayerOptions) => Promise<SignedInPlayer>;
  /** Signs this test's page in with an existing token (the demo player's, for instance). */
  signInWithToken: (token: string) => Promise<void>;
  /**
   * Moves the server's clock (every player's time on that server): only in `*.isolated.spec.ts`,
   * which run one test at a time on their own server. Put back to the system time after the test.
   */
  serverClock: ServerClock;
}>({
  signedInPlayer: async ({ page, request }, use) => {
    await use(async (options = {}) => {
      const credentials = options.credentials ?? newPlayer(options.prefix ?? 'signed');
      await registerPlayer(request, credentials, options.language);
      const token = await apiToken(request, credentials, options.language);
      if (options.deposit) await depositThroughPaymentPage(request, token, options.deposit, options.depositMethod);
      if (options.verified) await verifyIdentity(request, token);
      await signInContext(page.context(), token);
      return { ...credentials, token };
    });
  },
  signInWithToken: async ({ page }, use) => {
    await use((token) => signInContext(page.context(), token));
  },
  serverClock: async ({ request }, use, testInfo) => {
    if (!ISOLATED_SPECS.test(testInfo.file))
      throw new Error("serverClock moves every test's time: use it in *.isolated.spec.ts");
    const answer = async (response: Awaited<ReturnType<typeof request.get>>) => {
      expect(response.status()).toBe(200);
      return new Date(((await response.json()) as { now: string }).now);
    };
    await use({
      advance: async (seconds) => answer(await request.post(`${TEST_CLOCK_PATH}?advance=${seconds}`)),
      now: async () => answer(await request.get(TEST_CLOCK_PATH)),
    });
    await answer(await request.post(`${TEST_CLOCK_PATH}?reset`));
  },
});

export const STAFF_PASSWORD = 'ember-quarry-lantern-58';

/**
 * A staff account made with the real add-staff command (through the running server): its address and one-time password.
 */
export async function addStaff(role: 'admin' | 'support' | 'risk', prefix = `staff${role}`, dataDir = E2E_DATA_DIR) {
  const email = newPlayer(prefix).email;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['scripts/operator.mjs', 'add-staff', email, '--role', role],
    {
      env: { ...process.env, DATA_DIR: dataDir },
    },
  );
  return { email, oneTimePassword: /One-time password: (\S+)/.exec(stdout)![1]!, stdout };
}

/**
 * A new admin's whole first sign-in to the console, in a browser context of its own: the one-time
 * password, a password of their own, two-factor enrolment. Answers the page on the overview.
 */
export async function adminSignIn(
  browser: Browser,
  options: { prefix?: string; acceptDownloads?: boolean; role?: 'admin' | 'risk' | 'support'; dataDir?: string } = {},
) {
  // `dataDir`: the isolated server's (E2E_ISOLATED_DATA_DIR) for a spec that runs against it.
  const { email, oneTimePassword } = await addStaff(options.role ?? 'admin', options.prefix, options.dataDir);
  const context = await browser.newContext({ acceptDownloads: options.acceptDownloads ?? false });
  const page = await context.newPage();
  await page.goto('/operator/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(oneTimePassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('New password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel('New password again').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Save password' }).click();
  await enrolTwoFactor(page);
  return { page, context, email };
}

/** On the console's two-factor set-up page: the code of the secret shown, then the console's overview. */
export async function enrolTwoFactor(page: Page) {
  const secret = (await page.locator('[data-totp-secret]').textContent())!.trim();
  await page
    .getByLabel('Six-digit code')
    .fill(new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate());
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
}
