import type { Frame, Page } from '@playwright/test';
import { signedToCents, toCents } from '../../core/api/money';
import type { User } from '../../core/api/contract';
import type { GameSessionState } from '../../core/games/protocol';
import { formatMoney } from '../../core/i18n/money-format';
import { expect, test } from './fixtures';

/** The game page's own frame object (to run script inside it), once its bet form is built. */
async function gamePage(page: Page): Promise<{ frame: Frame; sessionId: string }> {
  await page.frameLocator('[data-play-frame]').locator('form.bet').waitFor();
  const frame = page.frames().find((candidate) => candidate.url().includes('/demo-games/play/'))!;
  return { frame, sessionId: new URL(frame.url()).pathname.split('/').pop()! };
}

test(
  'the frame is an opaque origin: no site cookie, storage or page; ' + 'a real round plays and updates the header',
  async ({ page, request, signedInPlayer }) => {
    test.setTimeout(90_000);
    const { token } = await signedInPlayer({ prefix: 'frame', deposit: '50.00' });
    await page.goto('/play?game=european-roulette');
    await page.evaluate(() => localStorage.setItem('frame-probe', 'site-secret'));
    expect(await page.evaluate(() => document.cookie)).toContain('auth_token=');

    await expect(page.locator('[data-play-frame]')).toHaveAttribute('sandbox', 'allow-scripts allow-forms');
    await page.locator('[data-launch=real]').click();
    const { frame, sessionId } = await gamePage(page);

    const probe = await frame.evaluate(() => {
      const attempt = (read: () => unknown) => {
        try {
          return { value: String(read()) };
        } catch (error) {
          return { error: (error as Error).name };
        }
      };
      return {
        origin: self.origin,
        cookie: attempt(() => document.cookie),
        storage: attempt(() => localStorage.getItem('frame-probe')),
        session: attempt(() => sessionStorage.length),
        parent: attempt(() => window.parent.document.cookie),
      };
    });
    expect(probe).toEqual({
      origin: 'null',
      cookie: { error: 'SecurityError' },
      storage: { error: 'SecurityError' },
      session: { error: 'SecurityError' },
      parent: { error: 'SecurityError' },
    });

    // The page still plays through its provider API (CORS for origin "null", no cookie).
    const me = async () =>
      (await (await request.get('/api/user/me', { headers: { authorization: `Token ${token}` } })).json()) as User;
    const before = (await me()).balance;
    const game = page.frameLocator('[data-play-frame]');
    await game.locator('select[name=kind]').selectOption('red');
    await game.locator('input[name=stake]').fill('1.00');
    await game.locator('input[name=stake]').press('Enter');
    await expect(game.locator('[data-result][data-outcome]')).toBeVisible();
    const state = (await (await request.get(`/demo-games/api/sessions/${sessionId}`)).json()) as GameSessionState;
    const round = state.rounds[0]!;
    const after = (await me()).balance;
    expect(signedToCents(after)).toBe(signedToCents(before)! - toCents(round.stake)! + toCents(round.win)!);
    // balance-changed (origin "null", from our frame's window) refreshed the header.
    await expect(page.locator('.site-header [data-session-balance]').first()).toHaveText(
      formatMoney(after, 'EUR', 'en'),
    );
  },
);

test('the provider answers preflight and requests from origin "null" only, without credentials', async ({
  request,
}) => {
  const launch = await (
    await request.post('/gmnggate/api', { data: { method: 'game_launch', game_id: 'european-roulette', mode: 'demo' } })
  ).json();
  // Without GAME_PROVIDER_ORIGIN the launch URL is relative to the site.
  expect(launch.url).toBe(`/demo-games/play/${launch.session_id}`);
  const sessionId = launch.session_id as string;
  const api = `/demo-games/api/sessions/${sessionId}`;
  const preflight = await request.fetch(`${api}/rounds`, {
    method: 'OPTIONS',
    headers: {
      origin: 'null',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  });
  expect(preflight.status()).toBe(204);
  expect(preflight.headers()['access-control-allow-origin']).toBe('null');
  expect(preflight.headers()['access-control-allow-headers']).toContain('Content-Type');
  expect(preflight.headers()['access-control-allow-credentials']).toBeUndefined();
  const state = await request.get(api, { headers: { origin: 'null' } });
  expect(state.headers()['access-control-allow-origin']).toBe('null');
  expect(state.headers()['access-control-allow-credentials']).toBeUndefined();
  // Another origin gets no CORS grant.
  const foreign = await request.get(api, { headers: { origin: 'https://evil.example' } });
  expect(foreign.headers()['access-control-allow-origin']).toBeUndefined();
});

test('a payout at or below the stake is not called, coloured or announced as a win (UKGC RTS 7)', async ({ page }) => {
  // Red and black on one spin: whatever the seed, the payout is the stake (or half of it on zero).
  await page.goto('/play?game=european-roulette');
  await page.locator('[data-launch=demo]').click();
  const game = page.frameLocator('[data-play-frame]');
  await game.locator('form.bet').waitFor();
  const add = game.locator('form.bet button.secondary');
  await game.locator('input[name=stake]').fill('1.00');
  for (const colour of ['red', 'black']) {
    await game.locator('select[name=kind]').selectOption(colour);
    await add.press('Enter');
  }
  await expect(game.locator('.slip li')).toHaveCount(2);
  await game.locator('input[name=stake]').press('Enter');
  const result = game.locator('[data-result][data-outcome]');
  await expect(result).toBeVisible();
  await expect(result).toHaveAttribute('data-outcome', /^(return|loss)$/);
  await expect(result).not.toContainText('You win');
  // Not the win colour: the result keeps the page's body text colour.
  const [colour, body] = await result.evaluate((node) => [
    getComputedStyle(node).color,
    getComputedStyle(node.ownerDocument.body).color,
  ]);
  expect(colour).toBe(body);
  if ((await result.getAttribute('data-outcome')) === 'return')
    await expect(result).toContainText('back of your €2.00 stake: no win.');
});

test('at 360 × 640: focus stays on the action button, the outcome is announced, the seed hash wraps', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/play?game=amber-fortune');
  await page.locator('[data-launch=demo]').click();
  const game = page.frameLocator('[data-play-frame]');
  await game.locator('form.bet').waitFor();
  const spin = game.locator('[data-action-button]');
  const result = game.locator('[data-result]');
  await expect(result).toHaveAttribute('role', 'status');
  await expect(result).toHaveAttribute('aria-live', 'polite');
  await expect(result).toHaveAttribute('aria-atomic', 'true');
  await spin.focus();
  await page.keyboard.press('Enter');
  await expect(result).toHaveAttribute('data-outcome', /^(win|return|loss)$/);
  await expect(spin).toBeFocused();
  await expect(game.locator('tr[data-round-id]')).toHaveCount(1);
  // Space plays again from the same button.
  await page.keyboard.press('Space');
  await expect(game.locator('tr[data-round-id]')).toHaveCount(2);
  await expect(spin).toBeFocused();
  await expect(spin).not.toHaveAttribute('aria-disabled', 'true');
  // The announcement is the round's line plus exactly one verdict.
  const outcome = await result.getAttribute('data-outcome');
  const text = (await result.textContent())!;
  if (outcome === 'loss') expect(text.endsWith('No win this time.')).toBe(true);
  if (outcome === 'win') expect(text).toMatch(/You win €\d+\.\d{2}\.$/);
  if (outcome === 'return') expect(text).toMatch(/€\d+\.\d{2} back of your €1\.00 stake: no win\.$/);
  // The 64-character hash wraps over a few full-width lines, not one character per line.
  const box = (await game.locator('.facts .seed').first().boundingBox())!;
  expect(box.width).toBeGreaterThan(250);
  expect(box.height).toBeLessThan(80);
});

for (const [gameId, rows, reels] of [
  ['fruit-fiesta', 3, 5],
  ['lucky-sevens', 3, 3],
  ['pharaoh-riches', 3, 5],
] as const) {
  test(`${gameId}: the reels spin to the round's stops with symbol art, names for screen readers`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto(`/play?game=${gameId}`);
    await page.locator('[data-launch=demo]').click();
    const game = page.frameLocator('[data-play-frame]');
    await game.locator('form.bet').waitFor();
    await game.locator('input[name=stake]').fill('1.00');
    await game.locator('input[name=stake]').press('Enter');
    await expect(game.locator('[data-result][data-outcome]')).toBeVisible();
    // The reels at rest on the round's stops: one window per reel, `rows` drawn symbols in each.
    await expect(game.locator('.slot-window .reel')).toHaveCount(reels);
    await expect(game.locator('.slot-window .strip .cell svg.symbol-art')).toHaveCount(rows * reels);
    // Screen readers read the same grid as a table of symbol names.
    await expect(game.locator('.reels tbody td')).toHaveCount(rows * reels);
    await expect(game.locator('.reels tbody td').first()).not.toBeEmpty();
    await game.locator('.slot-window').screenshot({ path: test.info().outputPath(`${gameId}-360.png`) });
  });
}
