import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test, type PlayerOptions, type SignedInPlayer } from './fixtures';
import { ADULT, DEMO, apiToken } from './helpers';

/**
 * Long unbroken strings (a 62-character crypto address, a 30-character username
 * typed in fullwidth, a long email) must not make a profile screen wider than a 320 px phone.
 */
const SCREENS = ['/profile', '/profile/balance', '/profile/history', '/profile/withdrawal', '/profile/deposit'];
const LONG_ADDRESS = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0';

/** A player whose data is as long as the rules allow, with a deposit and a pending withdrawal. */
async function longDataPlayer(
  request: APIRequestContext,
  signedInPlayer: (options: PlayerOptions) => Promise<SignedInPlayer>,
) {
  const tag = Date.now().toString(36).toUpperCase().padStart(10, 'X').slice(-10);
  // 30 fullwidth letters and digits: NFKC stores them as 30 ASCII characters with no break.
  const username = [...`WIDE${tag}ABCDEFGHIJKLMNOP`.slice(0, 30)]
    .map((char) => String.fromCodePoint(char.codePointAt(0)! + 0xfee0))
    .join('');
  const credentials = {
    email: `${'very.long.address.without.breaks'.repeat(2)}.${tag.toLowerCase()}@example.test`,
    username,
    password: 'amber-lantern-9',
    ...ADULT,
  };
  const { token } = await signedInPlayer({ credentials, deposit: '40.00', depositMethod: 'crypto', verified: true });
  const headers = { authorization: `Token ${token}` };
  const withdrawal = await request.post('/api/user/withdrawal', {
    headers,
    data: { amount: '10.00', method: 'crypto', destination: LONG_ADDRESS },
  });
  expect(withdrawal.status(), await withdrawal.text()).toBe(201);
}

async function expectNoSideways(page: Page, label: string) {
  await page.setViewportSize({ width: 320, height: 720 });
  for (const path of SCREENS) {
    await page.goto(path);
    // Every screen's island has rendered its data (not a skeleton) before measuring.
    await expect(page.locator('astro-island:not([ssr])').first()).toBeAttached();
    await expect(page.locator('[aria-busy="true"], .skeleton')).toHaveCount(0);
    const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(width, `${label}: ${path} is ${width} px wide`).toBeLessThanOrEqual(320);
  }
}

test('profile screens fit 320 px with the demo player’s ordinary data', async ({ page, request, signInWithToken }) => {
  await signInWithToken(await apiToken(request, DEMO));
  await expectNoSideways(page, 'demo player');
});

test('profile screens fit 320 px with a 62-character address, a fullwidth username and a long email', async ({
  page,
  request,
  signedInPlayer,
}) => {
  await longDataPlayer(request, signedInPlayer);
  await expectNoSideways(page, 'long data');
  await page.goto('/profile/history');
  await expect(page.getByText(LONG_ADDRESS, { exact: false }).first()).toBeVisible();
});
