import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import { signedToCents } from '../../core/api/money';
import type { User } from '../../core/api/contract';
import { formatMoney } from '../../core/i18n/money-format';
import { TEST_PROVIDER_CATALOGUE_PATH } from '../../scripts/test-hooks.ts';
import { fruitGame, startSecondProvider, type SecondProvider } from '../api/second-provider-server.ts';
import { adminSignIn, expect, test } from './fixtures';
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

/**
 * `npm run operator -- add-provider <id> --url <base-url>` (docs/operators.md): prints the secret once.
 * The command's own catalogue fetch is refused (the provider has no secret yet), as documented.
 */
async function addProviderThroughCli(request: APIRequestContext) {
  provider.id = `e2e-${randomBytes(4).toString('hex')}`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['scripts/operator.mjs', 'add-provider', provider.id, '--url', provider.baseUrl],
    { env: { ...process.env, DATA_DIR: E2E_ISOLATED_DATA_DIR } },
  );
  provider.secret = /^Secret: (\S+)$/m.exec(stdout)![1]!;
  // The provider signs its catalogue with the secret it has only now: fetched again, as the console's refresh does.
  const refreshed = await request.post(`${TEST_PROVIDER_CATALOGUE_PATH}/${provider.id}`);
  expect(await refreshed.json()).toEqual({ games: 1 });
}

const me = async (request: APIRequestContext, token: string) =>
  (await (await request.get('/api/user/me', { headers: { authorization: `Token ${token}` } })).json()) as User;

const JOURNEY =
  'a provider’s game: in the lobby with its picture, framed from its origin, a round moves the balance by win − stake';

test(`${JOURNEY}, and shows in history`, async ({ page, request, signedInPlayer }) => {
  test.setTimeout(60_000);
  provider.walletUrl = test.info().project.use.baseURL!;
  // Its picture on its own host, which the site's build cannot know.
  provider.catalogue.games = [fruitGame({ image: `${provider.baseUrl}/images/star-fruits.svg` })];
  await addProviderThroughCli(request);
  const { token } = await signedInPlayer({ prefix: 'prov', deposit: '20.00' });

  await page.goto('/');
  const card = page.locator('[data-catalogue] a.game-card__link[href="/play?game=star-fruits"]');
  await expect(card).toBeVisible();
  // Loaded at all only because the lobby's img-src names the picture's origin.
  await card.scrollIntoViewIfNeeded();
  await expect.poll(() => card.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);
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

test('an admin adds a provider in the console: its secret once, its games, one turned off', async ({ browser }) => {
  test.setTimeout(60_000);
  provider.id = `e2e-${randomBytes(4).toString('hex')}`;
  // Game ids of its own: the journey above finds star-fruits in this server's lobby.
  const [moon, sun] = ['moon', 'sun'].map((name) => `${name}-${provider.id}`);
  provider.catalogue.games = [fruitGame({ id: moon, name: 'Moon Gems' }), fruitGame({ id: sun, name: 'Sun Gems' })];
  const { page, context } = await adminSignIn(browser, { prefix: 'staffgames', dataDir: E2E_ISOLATED_DATA_DIR });

  await page.getByRole('link', { name: 'Games' }).click();
  await page.getByLabel(/^Id/).fill(provider.id);
  await page.getByLabel('Base URL').fill(provider.baseUrl);
  await page.getByRole('button', { name: 'Add provider' }).click();
  provider.secret = (await page.locator('[data-secret]').textContent())!;
  expect(provider.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // The provider could not sign its catalogue before it had the secret: the console says so.
  await expect(page.getByRole('status')).toContainText('The catalogue was not fetched');

  await page.getByRole('button', { name: 'Refresh catalogue' }).click();
  await expect(page.getByRole('status')).toHaveText('Catalogue fetched: 2 games.');
  await expect(page.locator('main')).not.toContainText(provider.secret);
  const moonRow = page.locator(`tr[data-game="${moon}"]`);
  await expect(moonRow).toContainText('96.50 %');
  await expect(moonRow).toContainText('€0.20 – €50.00');
  await moonRow.getByRole('button', { name: 'Turn off Moon Gems' }).click();
  await expect(page.getByRole('status')).toHaveText('Game turned off: it left the lobby and refuses new launches.');
  await expect(moonRow.locator('[data-game-state]')).toHaveText('off');
  await expect(page.locator(`tr[data-game="${sun}"] [data-game-state]`)).toHaveText('on');
  await context.close();
});
