import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, FrameLocator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { toCents, signedToCents } from '../../core/api/money';
import type { User } from '../../core/api/contract';
import type { GameMechanic, GameSessionState } from '../../core/games/protocol';
import { formatMoney } from '../../core/i18n/money-format';
import type { Locale } from '../../core/i18n/locales.ts';
import { differentNonce } from './tampered-nonce';

/** One seeded game per mechanic (server/src/db/seed.ts). */
const GAMES: Partial<Record<GameMechanic, string>> = {
  dice: 'dice',
  roulette: 'european-roulette',
  slot: 'amber-fortune',
  baccarat: 'baccarat-royale',
};
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const prefix = (locale: Locale) => (locale === 'en' ? '' : `/${locale}`);

const me = async (request: APIRequestContext, token: string) =>
  (await (await request.get('/api/user/me', { headers: { authorization: `Token ${token}` } })).json()) as User;

/** The game frame, once the game page has built its bet form; and the session id from its address. */
async function gameFrame(page: Page): Promise<{ frame: FrameLocator; sessionId: string }> {
  const frame = page.frameLocator('[data-play-frame]');
  await frame.locator('form.bet').waitFor();
  await expect(page.locator('[data-play-loading]')).toBeHidden();
  const src = (await page.locator('[data-play-frame]').getAttribute('src'))!;
  return { frame, sessionId: new URL(src).pathname.split('/').pop()! };
}

/** Plays one round of the mechanic with the keyboard only, and waits for its result. */
async function playRound(frame: FrameLocator, mechanic: GameMechanic) {
  const stake = frame.locator('input[name=stake]');
  if (mechanic === 'dice') {
    const target = frame.locator('input[name=target]');
    // The range follows the direction: a win chance of at most 98 % either way.
    await expect(target).toHaveAttribute('min', '1.99');
    // 49.50 pays exactly 2×, so it takes any stake (core/games/fair-stake.ts).
    await target.fill('49.50');
    await frame.locator('input[type=radio][value=over]').focus();
    await frame.locator('input[type=radio][value=over]').press('ArrowDown');
    await expect(frame.locator('input[type=radio][value=under]')).toBeChecked();
    await expect(target).toHaveAttribute('max', '98.00');
  }
  if (mechanic === 'roulette') {
    // Two stakes on one spin, through the slip: red, and a straight number.
    const add = frame.locator('form.bet button.secondary');
    await frame.locator('select[name=kind]').selectOption('red');
    await stake.fill('1.00');
    await add.press('Enter');
    await frame.locator('select[name=kind]').selectOption('straight');
    await frame.locator('input[name=number]').fill('17');
    await add.press('Enter');
    await expect(frame.locator('.slip li')).toHaveCount(2);
  }
  // Baccarat opens on the banker, whose 1.95× is exact on multiples of 0.20.
  await stake.fill('2.00');
  await stake.press('Enter');
  await expect(frame.locator('[data-result][data-outcome]')).toBeVisible();
}

async function providerState(request: APIRequestContext, sessionId: string) {
  return (await (await request.get(`/demo-games/api/sessions/${sessionId}`)).json()) as GameSessionState;
}

for (const locale of ['en', 'ja'] as const) {
  test(
    `${locale}: from the lobby, a keyboard round of each mechanic ` + 'moves the balance by stake − win, and verifies',
    async ({ page, request, signedInPlayer }) => {
      test.setTimeout(120_000);
      const { token } = await signedInPlayer({ prefix: 'play', deposit: '100.00' });
      const roundIds: string[] = [];
      for (const [mechanic, gameId] of Object.entries(GAMES) as [GameMechanic, string][]) {
        await page.goto(`${prefix(locale)}/`);
        const card = page.locator(`[data-catalogue] a.game-card__link[href="${prefix(locale)}/play?game=${gameId}"]`);
        await card.focus();
        await card.press('Enter');
        await expect(page).toHaveURL(new RegExp(`/play\\?game=${gameId}$`));
        const launch = page.locator('[data-launch=real]');
        await expect(launch).toBeVisible();
        await launch.focus();
        await launch.press('Enter');
        const { frame, sessionId } = await gameFrame(page);
        await expect(frame.locator('html')).toHaveAttribute('lang', locale);

        const before = (await me(request, token)).balance;
        await playRound(frame, mechanic);
        const { rounds, mode } = await providerState(request, sessionId);
        expect(mode).toBe('real');
        const round = rounds[0]!;
        roundIds.push(round.round_id);
        // Decimal-safe: cents as BigInt, never floats.
        const expected = signedToCents(before)! - toCents(round.stake)! + toCents(round.win)!;
        const after = (await me(request, token)).balance;
        expect(signedToCents(after)).toBe(expected);
        // The header follows the round (the game page's message → /api/user/me).
        await expect(page.locator('.site-header [data-session-balance]').first()).toHaveText(
          formatMoney(after, 'EUR', locale),
        );

        // Rotate the seeds to reveal the server seed, then verify the round in the browser.
        await frame.locator('input[name=client_seed]').fill(`e2e-${mechanic}`);
        await frame.locator('input[name=client_seed]').press('Enter');
        await expect(frame.locator('[data-revealed]')).toBeVisible();
        const verify = frame.locator(`tr[data-round-id="${round.round_id}"] button`);
        await verify.press('Enter');
        await expect(frame.locator('input[name=server_seed]')).not.toHaveValue('');
        await frame.locator('input[name=server_seed]').press('Enter');
        await expect(frame.locator('.verdict[data-result=match]')).toBeVisible();
        // A tampered nonce does not verify.
        const revealed = (await providerState(request, sessionId)).rounds.find((r) => r.round_id === round.round_id)!;
        await frame.locator('input[name=nonce]').fill(String(await differentNonce(revealed, revealed.server_seed!)));
        await frame.locator('input[name=nonce]').press('Enter');
        await expect(frame.locator('.verdict[data-result=mismatch]')).toBeVisible();
      }

      await page.goto(`${prefix(locale)}/profile/history?type=game`);
      for (const id of roundIds) await expect(page.locator('.tx-table')).toContainText(id);
    },
  );
}

test('demo mode signed out: play money only; the wallet of a signed-in demo player does not move', async ({
  page,
  request,
  signedInPlayer,
}) => {
  await page.goto('/play?game=dice');
  await expect(page.locator('[data-launch=real]')).toBeHidden();
  await expect(page.getByRole('link', { name: 'Sign in to play for real' })).toBeVisible();
  await page.locator('[data-launch=demo]').press('Enter');
  const { frame, sessionId } = await gameFrame(page);
  await playRound(frame, 'dice');
  const state = await providerState(request, sessionId);
  expect(state.mode).toBe('demo');
  expect(signedToCents(state.balance)).toBe(
    100_000n - toCents(state.rounds[0]!.stake)! + toCents(state.rounds[0]!.win)!,
  );

  const { token } = await signedInPlayer({ prefix: 'play', deposit: '100.00' });
  await page.goto('/play?game=amber-fortune');
  await page.locator('[data-launch=demo]').click();
  const demo = await gameFrame(page);
  await playRound(demo.frame, 'slot');
  expect((await me(request, token)).balance).toBe('100.00');
  expect((await providerState(request, demo.sessionId)).mode).toBe('demo');
});

test('the sign-in link opens the sign-in dialog; an unknown game says so', async ({ page }) => {
  await page.goto('/play?game=amber-fortune');
  await page.getByRole('link', { name: 'Sign in to play for real' }).click();
  await expect(page.locator('dialog[open]')).toBeVisible();

  await page.goto('/ja/play?game=no-such-game');
  await expect(page.locator('[data-play-error]')).toHaveText(
    'このゲームが見つかりませんでした。リンクが不完全か、ゲームの提供が終了した可能性があります。',
  );
  await page.goto('/play');
  await expect(page.locator('[data-play-error]')).toBeVisible();
  await expect(page.locator('[data-play-modes]')).toBeHidden();
});

test('game page errors: a bad stake is refused in the page, an unknown session says so', async ({ page }) => {
  await page.goto('/play?game=amber-fortune');
  await page.locator('[data-launch=demo]').click();
  const { frame } = await gameFrame(page);
  await frame.locator('input[name=stake]').fill('1e3');
  await frame.locator('input[name=stake]').press('Enter');
  await expect(frame.locator('#game-alert')).toContainText('Enter a stake from');
  await expect(frame.locator('input[name=stake]')).toHaveAttribute('aria-invalid', 'true');
  await frame.locator('input[name=stake]').fill('0.15');
  await frame.locator('input[name=stake]').press('Enter');
  // Not a multiple of the line step: the provider refuses it, in the session's language.
  await expect(frame.locator('#game-alert')).not.toBeEmpty();
  await expect(frame.locator('[data-result][data-outcome]')).toHaveCount(0);

  await page.goto('/play?game=european-roulette');
  await page.locator('[data-launch=demo]').click();
  const roulette = (await gameFrame(page)).frame;
  await roulette.locator('input[name=number]').fill('40');
  await roulette.locator('input[name=stake]').press('Enter');
  await expect(roulette.locator('#game-alert')).toHaveText('Enter a whole number from 0 to 36.');
  await expect(roulette.locator('input[name=number]')).toBeFocused();
  await roulette.locator('select[name=kind]').selectOption('split');
  await roulette.locator('input[name=number]').fill('1');
  await roulette.locator('input[name=second]').fill('5');
  await roulette.locator('input[name=stake]').press('Enter');
  await expect(roulette.locator('#game-alert')).toHaveText('A split needs two numbers that touch on the table.');
  await expect(roulette.locator('[data-result][data-outcome]')).toHaveCount(0);

  await page.goto('/demo-games/play/unknown-session-000000');
  await expect(page.locator('#game-alert')).not.toBeEmpty();
});

test('game pages send frame-ancestors and a strict CSP without inline scripts', async ({ request }) => {
  const launch = await (
    await request.post('/gmnggate/api', { data: { method: 'game_launch', game_id: 'dice', mode: 'demo' } })
  ).json();
  const response = await request.get(launch.url);
  const csp = response.headers()['content-security-policy']!;
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  const html = await response.text();
  const script = /src="(\/demo-games\/assets\/game-[0-9a-f]{12}\.js)"/.exec(html)![1]!;
  const asset = await request.get(script);
  expect(asset.headers()['cache-control']).toContain('immutable');
  // The site frames the provider's origin (same origin by default) and nothing else.
  const play = await (await request.get('/play')).text();
  expect(play).toMatch(/frame-src 'self'/);
});

for (const mode of ['light', 'dark'] as const) {
  test(`axe: /play and each game page, ${mode} mode`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: mode });
    for (const [mechanic, gameId] of Object.entries(GAMES) as [GameMechanic, string][]) {
      await page.goto(`/ja/play?game=${gameId}`);
      await expect(page.locator('[data-play-modes]')).toBeVisible();
      await page.locator('[data-launch=demo]').click();
      const { frame, sessionId } = await gameFrame(page);
      await playRound(frame, mechanic);
      const onPlay = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(
        onPlay.violations.map((v) => `/play ${mechanic} ${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`),
      ).toEqual([]);
      await page.goto(`/demo-games/play/${sessionId}?theme=${mode}`);
      await page.locator('form.bet').waitFor();
      await expect(page.locator('html')).toHaveClass(mode);
      const onGame = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(onGame.violations.map((v) => `${mechanic} ${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual(
        [],
      );
    }
  });
}

test('the rules, FAQ and loyalty pages state the product’s wagering, cancel and points rules', async ({ page }) => {
  await page.goto('/rules');
  await expect(page.locator('main')).toContainText('bets worth 10 times the bonus');
  await expect(page.locator('main')).toContainText('A round’s stake is from 0.10 to 100.00');
  await page.goto('/loyal');
  await expect(page.locator('main')).toContainText('You get 1 point for every 1.00 you stake');
  await page.goto('/ja/faq');
  await expect(page.locator('main')).toContainText('ボーナス額の10倍のベット');
  await expect(page.locator('main')).toContainText('ボーナスをキャンセル');
});
