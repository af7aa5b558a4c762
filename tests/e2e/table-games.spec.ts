import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { signedToCents, toCents } from '../../core/api/money';
import type { User } from '../../core/api/contract';
import type { GameBet, GameSessionState } from '../../core/games/protocol';
import { GAME_CATALOGUE, RTP_METHODS } from '../../core/games/catalogue';
import { withFairRandom } from '../../core/games/fairness';
import { resolveBet } from '../../core/games/round';
import { LOCALE_INTL, LOCALES, type Locale } from '../../core/i18n/locales.ts';
import { formatMoney } from '../../core/i18n/money-format';
import { pinNextRounds } from './pinned-rounds';
import { launchRealByKeyboard } from './real-round';

const prefix = (locale: Locale) => (locale === 'en' ? '' : `/${locale}`);
const games = (locale: Locale) => JSON.parse(readFileSync(`locales/${locale}/games.json`, 'utf8'));

/** The first round of a seed pair for `bet`, by the shared engine. */
const firstRound = (pair: { serverSeed: string; clientSeed: string }, bet: GameBet) =>
  withFairRandom({ ...pair, nonce: 1 }, (random) => resolveBet(bet, random));

const launchReal = launchRealByKeyboard;

for (const locale of ['en', 'ja'] as const) {
  test(`${locale}: keyboard rounds of baccarat and French roulette move the balance by payout − stake`, async ({
    page,
    request,
    signedInPlayer,
  }) => {
    test.setTimeout(90_000);
    const { token } = await signedInPlayer({ prefix: 'table', deposit: '50.00' });
    const me = async () =>
      (await (await request.get('/api/user/me', { headers: { authorization: `Token ${token}` } })).json()) as User;
    const t = games(locale);

    // Baccarat: the banker is chosen first; the arrow key moves to the player.
    const baccarat = await launchReal(page, locale, 'baccarat-royale');
    // A pinned coup the player wins: 1:1, 4.00 back on 2.00.
    const playerBet = { type: 'baccarat', amount: '2.00', on: 'player' } as const;
    const coup = await firstRound(
      await pinNextRounds(
        request,
        baccarat.sessionId,
        async (pair) => (await firstRound(pair, playerBet)).win === '4.00',
      ),
      playerBet,
    );
    await expect(baccarat.frame.locator('html')).toHaveAttribute('lang', locale);
    const banker = baccarat.frame.getByRole('radio', { name: t.baccarat.sides.banker });
    await expect(banker).toBeChecked();
    await banker.focus();
    await page.keyboard.press('ArrowUp');
    await expect(baccarat.frame.getByRole('radio', { name: t.baccarat.sides.player })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(baccarat.frame.locator('input[name=stake]')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('2.00');
    let before = (await me()).balance;
    await page.keyboard.press('Enter');
    await expect(baccarat.frame.locator('[data-result][data-outcome]')).toBeVisible();
    let state = (await (
      await request.get(`/demo-games/api/sessions/${baccarat.sessionId}`)
    ).json()) as GameSessionState;
    let round = state.rounds[0]!;
    expect(round.bet).toEqual(playerBet);
    expect(round.outcome).toEqual(coup.outcome);
    expect(round.win).toBe('4.00');
    if (round.outcome.type !== 'baccarat') throw new Error('not baccarat');
    let after = (await me()).balance;
    expect(signedToCents(after)).toBe(signedToCents(before)! - toCents(round.stake)! + toCents(round.win)!);
    await expect(page.locator('.site-header [data-session-balance]').first()).toHaveText(
      formatMoney(after, 'EUR', locale),
    );
    // The cards are on the board, as many as were dealt.
    await expect(baccarat.frame.locator('[data-cards=player]')).toHaveText(
      new RegExp(`^(\\S+ ){${round.outcome.player.length - 1}}\\S+$`),
    );

    // French roulette: red, chosen with the arrow keys in the bet list.
    const roulette = await launchReal(page, locale, 'french-roulette');
    // A pinned spin on zero: la partage returns half the red stake.
    const redBet: GameBet = { type: 'roulette', la_partage: true, stakes: [{ kind: 'red', amount: '1.00' }] };
    await pinNextRounds(request, roulette.sessionId, async (pair) => {
      const { outcome } = await firstRound(pair, redBet);
      return outcome.type === 'roulette' && outcome.pocket === 0;
    });
    const kind = roulette.frame.locator('select[name=kind]');
    await kind.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(kind).toHaveValue('red');
    const stake = roulette.frame.locator('input[name=stake]');
    await stake.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('1.00');
    before = (await me()).balance;
    await page.keyboard.press('Enter');
    await expect(roulette.frame.locator('[data-result][data-outcome]')).toBeVisible();
    state = (await (await request.get(`/demo-games/api/sessions/${roulette.sessionId}`)).json()) as GameSessionState;
    round = state.rounds[0]!;
    expect(round.bet).toEqual(redBet);
    expect(round.outcome).toEqual({ type: 'roulette', pocket: 0 });
    expect(round.win).toBe('0.50');
    after = (await me()).balance;
    expect(signedToCents(after)).toBe(signedToCents(before)! - toCents(round.stake)! + toCents(round.win)!);
    await expect(page.locator('.site-header [data-session-balance]').first()).toHaveText(
      formatMoney(after, 'EUR', locale),
    );
  });
}

test('the rules page lists every game with its RTP, how it was obtained and its rules, in all 14 languages', async ({
  request,
}) => {
  for (const locale of LOCALES) {
    const rules = JSON.parse(readFileSync(`locales/${locale}/game_rules.json`, 'utf8'));
    const html = await (await request.get(`${prefix(locale)}/rules`)).text();
    expect(html).toContain(`<h2 id="game-rules-title"`);
    expect(html).toContain(`>${rules.title}</h2>`);
    const listed = [...html.matchAll(/data-game="([a-z-]+)"/g)].map((match) => match[1]);
    expect(listed).toEqual(GAME_CATALOGUE.map((game) => game.id));
    const figures = [...html.matchAll(/data-rtp="([0-9.]+)"/g)].map((match) => match[1]);
    expect(figures).toEqual(GAME_CATALOGUE.map((game) => game.rtp));
    // Issue 38: how each figure was obtained; blackjack's is a simulation, on both bases it names.
    const methods = [...html.matchAll(/data-rtp-method="([a-z]+)"/g)].map((match) => match[1]);
    expect(methods).toEqual(GAME_CATALOGUE.map((game) => RTP_METHODS[game.mechanic]));
    expect(
      GAME_CATALOGUE.filter((game) => RTP_METHODS[game.mechanic] === 'simulation').map((game) => game.mechanic),
    ).toEqual(['blackjack']);
    const percent = new Intl.NumberFormat(LOCALE_INTL[locale], { style: 'percent', minimumFractionDigits: 2 });
    const simulated = rules.methods.simulation
      .replace('{total}', percent.format(0.9958))
      .replace('{initial}', percent.format(0.9953));
    expect(html.replace(/&#39;/g, "'")).toContain(simulated);
    for (const game of GAME_CATALOGUE)
      expect(html, `${locale} ${game.id}`).toContain(
        rules.rules[game.rules].replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').slice(0, 20),
      );
  }
});
