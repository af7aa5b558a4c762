import { describe, expect, it } from 'vitest';
import { toCents } from '../../core/api/money.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { launchSession } from './fixtures/game-launch.ts';

/**
 * Issue 38, item 2: a bet whose win would round down by more than 0.1 percentage point of its RTP
 * is refused under its own minimum stake, with the reason in the player's language, and played from
 * it on (the balance moving by exactly win − stake). PGlite and (DATABASE_URL) PostgreSQL.
 * The minimums are core/games' (tests/unit/games/stake-rounding.test.ts).
 */
const ctx = useTestApi();

const api = (path: string, body?: unknown) =>
  ctx.api.request(body === undefined ? 'GET' : 'POST', `/demo-games/api/sessions/${path}`, { body, encrypt: false });

/** Each game's bet at a stake, and that bet's minimum. */
const EDGES: [game: string, min: string, bet: (amount: string) => Record<string, unknown>][] = [
  ['dice', '8.82', (amount) => ({ type: 'dice', amount, target: '98.00', direction: 'under' })],
  ['baccarat-royale', '4.22', (amount) => ({ type: 'baccarat', amount, on: 'banker' })],
  ['mines', '9.28', (amount) => ({ type: 'mines', amount, mines: 1 })],
  ['crash', '9.50', (amount) => ({ type: 'crash', amount, auto_cashout: '2.00' })],
];

const cent = (amount: string) => (toCents(amount)! - 1n).toString().replace(/(\d\d)$/, '.$1');

describe('a bet’s own minimum stake, so rounding costs at most 0.1 point of its RTP', () => {
  it('refuses a cent under it with a localized reason and plays at it', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    for (const [game, min, bet] of EDGES) {
      const session = await launchSession(ctx.api, game, { token: player.token, headers: { 'accept-language': 'de' } });
      const under = await api(`${session}/rounds`, { bet: bet(cent(min)) });
      expect(under.status, `${game} at ${cent(min)}`).toBe(400);
      expect(under.body.detail.replace(/\u00a0/g, ' ')).toBe(
        `Der Mindesteinsatz für diese Wette beträgt ${min.replace('.', ',')} €, damit das Abrunden eines ` +
          'Gewinns auf den Cent Sie höchstens 0,1 % der Auszahlungsquote kostet.',
      );
      const before = toCents(await balanceOf(ctx.api, player.id))!;
      const at = await api(`${session}/rounds`, { bet: bet(min) });
      expect(at.status, `${game} at ${min}`).toBe(200);
      expect(at.body.round.stake).toBe(min);
      // A multi-step round is still open: only its stake has moved so far.
      const win = at.body.round.win === null ? 0n : toCents(at.body.round.win)!;
      expect(toCents(await balanceOf(ctx.api, player.id)), game).toBe(before - toCents(min)! + win);
    }
  });

  it('the catalogue and the session advertise the least stake a title takes', async () => {
    const catalogue = await ctx.api.request('GET', '/gmnggate/games?page_size=100');
    const minimums = Object.fromEntries(
      (catalogue.body.results as { id: string; min_bet: string }[]).map((game) => [game.id, game.min_bet]),
    );
    // Crash: every cash-out point is a bet, the largest minimum is the title's; mines: 24 mines.
    expect(minimums).toMatchObject({ crash: '9.50', mines: '0.30', blackjack: '0.24', dice: '0.10' });
    const player = await ctx.api.player({ balance: '10.00' });
    const session = await launchSession(ctx.api, 'crash', { token: player.token });
    expect((await api(session)).body.min_bet).toBe('9.50');
  });
});
