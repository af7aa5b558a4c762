import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { FrameLocator, Page } from '@playwright/test';
import type { MinesState } from '../../core/games/mines';
import type { RoundView } from '../../core/games/protocol';
import { replayOn } from '../../core/games/steps';
import { fromCents, toCents } from '../../core/api/money';
import { LOCALE_INTL, type Locale } from '../../core/i18n/locales.ts';
import { expect, signInContext, test } from './fixtures';
import { pinNextRounds } from './pinned-rounds';

/**
 * The game controls: the mines grid by arrow keys, one `main` per document tree on
 * /play, verify from history (any round of the player's, recomputed in the browser), and the
 * sound toggle remembered per player.
 */
const prefix = (locale: Locale) => (locale === 'en' ? '' : `/${locale}`);
const verifyTexts = (locale: Locale): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}/game_verify.json`, import.meta.url), 'utf8'));
const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function launchDemo(page: Page, game: string): Promise<FrameLocator> {
  await page.goto(`/play?game=${game}`);
  // The mode buttons work once the page's script has found the game (a press before is lost).
  await expect(page.locator('[data-play-modes]')).toHaveAttribute('data-ready', '');
  await page.locator('[data-launch=demo]').press('Enter');
  const frame = page.frameLocator('[data-play-frame]');
  await frame.locator('form.bet').waitFor();
  return frame;
}

/** A player with money, so no low-balance dialog opens over /play. */
const PLAYER_WITH_MONEY = { prefix: 'controls', deposit: '50.00' };

/** Where the one mine of a 1-mine round lies, by the shared engine. */
const mineOf = async (pair: { serverSeed: string; clientSeed: string }, nonce: number) =>
  ((await replayOn({ ...pair, nonce }, 'mines', { type: 'mines', amount: '1.00', mines: 1 }, [])).state as MinesState)
    .positions[0];

test('mines: the 5×5 grid is one tab stop, arrow keys, Home and End move, Enter reveals', async ({ page }) => {
  test.setTimeout(60_000);
  const frame = await launchDemo(page, 'mines');
  // Known rounds: the first hides its mine away from cell 20, the second at cell 20.
  const sessionId = new URL((await page.locator('[data-play-frame]').getAttribute('src'))!).pathname.split('/').pop()!;
  await pinNextRounds(
    page.request,
    sessionId,
    async (pair) => (await mineOf(pair, 1)) !== 20 && (await mineOf(pair, 2)) === 20,
  );
  await frame.locator('select[name=mines]').selectOption('1');
  // One mine takes at least 9.28 (core/games/mines.ts).
  await frame.locator('input[name=stake]').fill('10.00');
  await frame.locator('[data-action-button]').press('Enter');
  const cell = (n: number) => frame.locator(`[data-cell="${n}"]`);
  await expect(cell(0)).toBeFocused();
  await expect(frame.locator('.mines-grid')).toHaveAttribute('aria-label', 'Grid of 25 cells');

  const expectAt = async (n: number) => {
    await expect(cell(n)).toBeFocused();
    await expect(frame.locator('.cell[tabindex="0"]')).toHaveCount(1);
    await expect(cell(n)).toHaveAttribute('tabindex', '0');
  };
  await page.keyboard.press('ArrowRight');
  await expectAt(1);
  await page.keyboard.press('ArrowDown');
  await expectAt(6);
  await page.keyboard.press('End');
  await expectAt(9);
  await page.keyboard.press('Home');
  await expectAt(5);
  await page.keyboard.press('ArrowUp');
  await expectAt(0);
  // The edges stop a move.
  await page.keyboard.press('ArrowUp');
  await expectAt(0);
  await page.keyboard.press('ArrowLeft');
  await expectAt(0);
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  await expectAt(20);
  await page.keyboard.press('ArrowDown');
  await expectAt(20);
  // Tab leaves the grid; Shift+Tab comes back to the same cell (one tab stop).
  await page.keyboard.press('Tab');
  await expect(frame.locator('.cell:focus')).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await expectAt(20);

  // Enter reveals the focused cell: safe in the first round.
  await page.keyboard.press('Enter');
  await expect(cell(20)).toHaveAttribute('data-state', 'safe');
  // Focus moves on to the next hidden cell; the revealed one stays in the grid's moves, inert.
  await expectAt(21);
  await expect(cell(20)).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('ArrowLeft');
  await expectAt(20);
  await page.keyboard.press('Enter');
  await expect(cell(20)).toHaveAttribute('data-state', 'safe');
  await expect(frame.locator('[data-cell][data-state="safe"]')).toHaveCount(1);
  await expectAt(20);

  // The second round hides its mine at cell 20: a mine ends the round, focus returns to the action button.
  await frame.locator('[data-action=cashout]').press('Enter');
  await expect(frame.locator('[data-result][data-outcome]')).toBeVisible();
  await frame.locator('[data-action-button]').press('Enter');
  await expect(cell(0)).toBeFocused();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  await expectAt(20);
  await page.keyboard.press('Enter');
  await expect(cell(20)).toHaveAttribute('data-state', 'mine');
  await expect(frame.locator('[data-action-button]')).toBeFocused();
});

test('/play has one main landmark: the framed game page is a region named by its heading', async ({
  page,
  request,
}) => {
  const frame = await launchDemo(page, 'dice');
  await expect(page.locator('main, [role=main]')).toHaveCount(1);
  await expect(frame.locator('main, [role=main]')).toHaveCount(0);
  await expect(frame.locator('#game')).toHaveAttribute('role', 'region');
  await expect(frame.getByRole('region', { name: 'Dice', exact: true })).toHaveCount(1);
  // Opened on its own, the game page is the document's main.
  const launched = await (
    await request.post('/gmnggate/api', { data: { method: 'game_launch', game_id: 'dice', mode: 'demo' } })
  ).json();
  await page.goto(`/demo-games/play/${launched.session_id}`);
  await page.locator('form.bet').waitFor();
  await expect(page.locator('main, [role=main]')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveAttribute('id', 'game');
});

// One run: the verdicts' sentences in English and Japanese, and another nonce's mismatch, are tested in
// Node (tests/unit/stores/round-check.test.ts).
for (const locale of ['en'] as const) {
  test(`${locale}: each round in history links to its check; a revealed round matches, a secret one says when`, async ({
    page,
    request,
    signedInPlayer,
  }) => {
    test.setTimeout(120_000);
    const texts = verifyTexts(locale);
    const { token } = await signedInPlayer(PLAYER_WITH_MONEY);
    const launched = await (
      await request.post('/gmnggate/api', {
        headers: { authorization: `Token ${token}` },
        data: { method: 'game_launch', game_id: 'european-roulette', mode: 'real' },
      })
    ).json();
    const session = launched.session_id as string;
    const spin = async () => {
      const res = await request.post(`/demo-games/api/sessions/${session}/rounds`, {
        data: { bet: { type: 'roulette', stakes: [{ kind: 'red', amount: '1.00' }] } },
      });
      expect(res.status()).toBe(200);
      return (await res.json()).round as RoundView;
    };
    const revealed = await spin();
    expect(
      (
        await request.post(`/demo-games/api/sessions/${session}/seeds`, { data: { client_seed: 'e2e-history' } })
      ).status(),
    ).toBe(200);
    const secret = await spin();

    await page.goto(`${prefix(locale)}/profile/history?type=game`);
    const link = (round: RoundView) => page.locator(`a[data-verify-round="${round.round_id}"]`);
    await expect(link(revealed)).toBeVisible();
    await expect(link(secret)).toBeVisible();
    await expect(link(revealed)).toContainText(texts.history_link!);
    await link(revealed).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/profile/round/?\\?id=${revealed.round_id}$`));
    const verdict = page.locator('.round-verdict');
    await expect(verdict).toHaveAttribute('data-result', 'match');
    await expect(page.locator('#round-server-seed')).toHaveValue(/^[0-9a-f]{64}$/);
    await expect(page.locator('#round-client-seed')).toHaveValue(revealed.client_seed);
    await expect(page.locator('#round-nonce')).toHaveValue(String(revealed.nonce));
    expect(await verdict.textContent()).toMatch(
      new RegExp(`^${texts.match!.split('{result}')[0]!.replace(/[()[\]]/g, '\\$&')}`),
    );
    for (const mode of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: mode });
      const axe = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(axe.violations.map((v) => `${mode} ${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    }
    // On a phone the 64-character seeds wrap in their boxes: nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: test.info().outputPath(`round-${locale}-360.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.goto(`${prefix(locale)}/profile/history?type=game`);
    await link(secret).focus();
    await page.keyboard.press('Enter');
    const wait = page.locator('[data-wait=secret]');
    await expect(wait).toBeVisible();
    const endsAt = (
      await (
        await request.get(`/api/user/history/rounds/${secret.round_id}`, {
          headers: { authorization: `Token ${token}` },
        })
      ).json()
    ).session_ends_at as string;
    // The session's end, as the browser writes dates in this locale.
    const time = await page.evaluate(
      ([iso, tag]) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
      [endsAt, LOCALE_INTL[locale]] as const,
    );
    await expect(wait).toHaveText(fill(texts.secret!, { game: 'European Roulette', time }));
    await expect(page.locator('.round-verdict')).toHaveCount(0);
    for (const mode of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: mode });
      const axe = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(axe.violations.map((v) => `${mode} ${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    }

    // Someone else's round, or no round at all: not found.
    await page.goto(`${prefix(locale)}/profile/round?id=00000000-0000-4000-8000-000000000000`);
    await expect(page.locator('.empty-state')).toHaveText(texts.not_found!);
  });
}

test('the sound toggle is remembered for the player: on in one browser, on in another', async ({
  page,
  browser,
  signedInPlayer,
}) => {
  test.setTimeout(60_000);
  const { token } = await signedInPlayer(PLAYER_WITH_MONEY);
  const frame = await launchDemo(page, 'dice');
  const sound = page.locator('[data-sound]');
  await expect(sound).toHaveAttribute('aria-pressed', 'false');
  await expect(frame.locator('html')).toHaveAttribute('data-sound', 'off');
  const saved = page.waitForResponse(
    (res) => res.url().endsWith('/api/user/update') && res.request().method() === 'PATCH',
  );
  await sound.press('Enter');
  expect((await saved).status()).toBe(200);
  await expect(sound).toHaveAttribute('aria-pressed', 'true');
  await expect(frame.locator('html')).toHaveAttribute('data-sound', 'on');

  // A new browser context (no shared storage) signed in as the same player.
  const other = await browser.newContext();
  try {
    await signInContext(other, token);
    const second = await other.newPage();
    const frame2 = await launchDemo(second, 'dice');
    await expect(second.locator('[data-sound]')).toHaveAttribute('aria-pressed', 'true');
    await expect(frame2.locator('html')).toHaveAttribute('data-sound', 'on');
  } finally {
    await other.close();
  }
});

test('½, 2× and their A and S keys move the stake; the session panel adds up the rounds', async ({ page }) => {
  const frame = await launchDemo(page, 'dice');
  const sessionId = new URL((await page.locator('[data-play-frame]').getAttribute('src'))!).pathname.split('/').pop()!;
  const stake = frame.locator('input[name=stake]');
  await stake.fill('2.00');
  await frame.getByRole('button', { name: 'Halve the stake' }).click();
  await expect(stake).toHaveValue('1.00');
  await frame.getByRole('button', { name: 'Double the stake' }).focus();
  await page.keyboard.press('s');
  await page.keyboard.press('s');
  await expect(stake).toHaveValue('4.00');
  await page.keyboard.press('a');
  await expect(stake).toHaveValue('2.00');
  // In the stake box the letters are typing, not shortcuts.
  await stake.press('End');
  await stake.press('s');
  await expect(stake).toHaveValue('2.00s');
  await stake.fill('0.50');
  await page.locator('[data-show-panel=info]').press('Enter');
  await expect(frame.locator('[data-shortcuts] li')).toHaveText(['A: halve the stake', 'S: double the stake']);

  const panel = frame.locator('[data-session-panel]');
  await expect(panel).toContainText('No rounds in this session yet.');
  const tally = panel.locator('dl');
  for (const rounds of [1, 2]) {
    await frame.locator('[data-action-button]').press('Enter');
    await expect(panel.locator('[data-tally-rounds]')).toHaveText(String(rounds));
  }
  // The panel's figures are the session's own rounds, as its API lists them.
  const state = (await (await page.request.get(`/demo-games/api/sessions/${sessionId}`)).json()) as {
    rounds: RoundView[];
  };
  expect(state.rounds).toHaveLength(2);
  const sum = (key: 'stake' | 'win') => state.rounds.reduce((total, round) => total + toCents(round[key])!, 0n);
  await expect(tally).toHaveAttribute('data-staked', fromCents(sum('stake')));
  await expect(tally).toHaveAttribute('data-returned', fromCents(sum('win')));
  await expect(tally).toHaveAttribute('data-net', fromCents(sum('win') - sum('stake')));
  expect(sum('stake')).toBe(100n);
  await expect(panel.getByRole('img')).toHaveAttribute('aria-label', /after each of the last 2 rounds/);
});
