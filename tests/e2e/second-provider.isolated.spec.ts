import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import { signedToCents } from '../../core/api/money';
import type { User } from '../../core/api/contract';
import { formatMoney } from '../../core/i18n/money-format';
import { TEST_PROVIDER_CATALOGUE_PATH } from '../../scripts/test-hooks.ts';
import { startSecondProvider, type SecondProvider } from '../api/second-provider-server.ts';
import { expect, test } from './fixtures';
import { E2E_ISOLATED_DATA_DIR } from './isolated-site.ts';

/**
 * A third-party provider's game played on the site (issue 37 section 5): a real HTTP provider started
 * by the test, registered with the real command line, listed in the lobby, framed by /play from its
 * own origin, and a round its launch page plays through the operator's signed wallet API. On the
 * isolated server: its game joins the lobby, whose tiles other specs count on the main server.
 */
let provider: SecondProvider;
test.beforeEach(async () => {
  provider = await startSecondProvider();
});
test.afterEach(() => provider.close());

/** `npm run operator -- add-provider <id> --url <base-url>` (docs/operators.md): prints the secret once. */
async function addProviderThroughCli(request: APIRequestContext) {
  provider.id = `e2e-${randomBytes(4).toString('hex')}`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['scripts/operator.mjs', 'add-provider', provider.id, '--url', provider.baseUrl],
    { env: { ...process.env, DATA_DIR: E2E_ISOLATED_DATA_DIR } },
  );
  provider.secret = /secret\W+(\S+)/i.exec(stdout)![1]!;
  // The provider signs its catalogue with the secret it has only now: fetched again, as the console's refresh does.
  const refreshed = await request.post(`${TEST_PROVIDER_CATALOGUE_PATH}/${provider.id}`);
  expect(await refreshed.json()).toEqual({ games: 1 });
}

const me = async (request: APIRequestContext, token: string) =>
  (await (await request.get('/api/user/me', { headers: { authorization: `Token ${token}` } })).json()) as User;

const JOURNEY = 'a provider’s game: in the lobby, framed from its origin, a round moves the balance by win − stake';

// `add-provider` is built on wip/provoffice, not merged yet: this journey runs once it is.
test.fixme(`${JOURNEY}, and shows in history`, async ({ page, request, signedInPlayer }) => {
  test.setTimeout(60_000);
  provider.walletUrl = test.info().project.use.baseURL!;
  await addProviderThroughCli(request);
  const { token } = await signedInPlayer({ prefix: 'prov', deposit: '20.00' });

  await page.goto('/');
  const card = page.locator('a.game-card__link[href="/play?game=star-fruits"]');
  await expect(card).toBeVisible();
  await card.click();
  await page.locator('[data-launch=real]').click();
  const frame = page.frameLocator('[data-play-frame]');
  // Loaded at all only because /play's frame-src names the provider's origin.
  await expect(frame.getByRole('heading', { name: 'Star Fruits' })).toBeVisible();
  await expect(page.locator('[data-play-frame]')).toHaveAttribute(
    'src',
    new RegExp(`^${provider.baseUrl}/play/launch-1\\?`),
  );

  const before = (await me(request, token)).balance;
  await frame.getByRole('button', { name: 'Spin' }).click();
  await expect(frame.getByRole('status')).toHaveText('Round launch-1-1 played.');
  const after = (await me(request, token)).balance;
  // Decimal-safe: cents as BigInt. The spin stakes 1.00 and wins 2.50.
  expect(signedToCents(after)! - signedToCents(before)!).toBe(150n);
  await expect(page.locator('.site-header [data-session-balance]').first()).toHaveText(formatMoney(after, 'EUR', 'en'));

  await page.goto('/profile/history?type=game');
  await expect(page.locator('.tx-table')).toContainText('Star Fruits: stake €1.00, paid out €2.50 (round launch-1-1)');
});
