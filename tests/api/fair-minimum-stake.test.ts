import { describe, expect, it } from 'vitest';
import { toCents } from '../../core/api/money.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { launchSession } from './fixtures/game-launch.ts';

/**
 * Issue 38, item 2: a bet whose win would round down by more than 0.1 percentage point of its RTP
 * takes only the stakes on which it does not: multiples of a step that makes every win exact
 * (banker on €0.20, crash on whole euros), or any stake from its own minimum. Others are refused
 * with the reason in the player's language; taken ones play (the balance moving by exactly
 * win − stake). PGlite and (DATABASE_URL) PostgreSQL. The rules are core/games'
 * (tests/unit/games/stake-rounding.test.ts).
 */
const ctx = useTestApi();

const api = (path: string, body?: unknown) =>
  ctx.api.request(body === undefined ? 'GET' : 'POST', `/demo-games/api/sessions/${path}`, { body, encrypt: false });

type Bet = (amount: string) => Record<string, unknown>;

/** Each game's bet, a stake off its step under its minimum, a stake on the step, and the rule. */
const STEPPED: [game: string, off: string, on: string, step: string, from: string, bet: Bet][] = [
  ['dice', '1.00', '0.98', '0,98', '8,82', (amount) => ({ type: 'dice', amount, target: '98.00', direction: 'under' })],
  ['baccarat-royale', '0.30', '0.20', '0,20', '4,22', (amount) => ({ type: 'baccarat', amount, on: 'banker' })],
  ['crash', '1.50', '2.00', '1,00', '9,50', (amount) => ({ type: 'crash', amount, auto_cashout: '2.00' })],
];

const de = (text: string) => text.replace(/\u00a0/g, ' ');

describe('the stakes a bet takes, so rounding costs at most 0.1 point of its RTP', () => {
  it('refuses a stake off the exact step under the minimum, and plays on the step and from the minimum', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    for (const [game, off, on, step, from, bet] of STEPPED) {
      const session = await launchSession(ctx.api, game, { token: player.token, headers: { 'accept-language': 'de' } });
      const refused = await api(`${session}/rounds`, { bet: bet(off) });
      expect(refused.status, `${game} at ${off}`).toBe(400);
      expect(de(refused.body.detail)).toBe(
        `Diese Wette nimmt Einsätze in Vielfachen von ${step} € oder jeden Einsatz ab ${from} €, damit das ` +
          'Abrunden eines Gewinns auf den Cent Sie höchstens 0,1 % der Auszahlungsquote kostet.',
      );
      await playsAt(player, session, game, on, bet);
      // A player holds one open crash round at a time: a stake from the minimum is played by mines below.
      if (game !== 'crash') await playsAt(player, session, game, from.replace(',', '.'), bet);
    }
  });

  it('refuses a cent under a minimum no small step reaches (one mine), and plays at it', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    const bet: Bet = (amount) => ({ type: 'mines', amount, mines: 1 });
    const session = await launchSession(ctx.api, 'mines', {
      token: player.token,
      headers: { 'accept-language': 'de' },
    });
    const refused = await api(`${session}/rounds`, { bet: bet('9.27') });
    expect(refused.status).toBe(400);
    expect(de(refused.body.detail)).toBe(
      'Der Mindesteinsatz für diese Wette beträgt 9,28 €, damit das Abrunden eines ' +
        'Gewinns auf den Cent Sie höchstens 0,1 % der Auszahlungsquote kostet.',
    );
    await playsAt(player, session, 'mines', '9.28', bet);
  });

  it('the catalogue and the session advertise the least stake a title takes', async () => {
    const catalogue = await ctx.api.request('GET', '/gmnggate/games?page_size=100');
    const minimums = Object.fromEntries(
      (catalogue.body.results as { id: string; min_bet: string }[]).map((game) => [game.id, game.min_bet]),
    );
    // Crash: whole euros; mines: 24 mines on multiples of €0.04; blackjack: even cents.
    expect(minimums).toMatchObject({ crash: '1.00', mines: '0.12', blackjack: '0.10', dice: '0.10' });
    const player = await ctx.api.player({ balance: '10.00' });
    const session = await launchSession(ctx.api, 'crash', { token: player.token });
    expect((await api(session)).body.min_bet).toBe('1.00');
  });
});

async function playsAt(player: { id: number }, session: string, game: string, stake: string, bet: Bet) {
  const before = toCents(await balanceOf(ctx.api, player.id))!;
  const at = await api(`${session}/rounds`, { bet: bet(stake) });
  expect(at.status, `${game} at ${stake}`).toBe(200);
  expect(at.body.round.stake).toBe(stake);
  // A multi-step round is still open: only its stake has moved so far.
  const win = at.body.round.win === null ? 0n : toCents(at.body.round.win)!;
  expect(toCents(await balanceOf(ctx.api, player.id)), `${game} at ${stake}`).toBe(before - toCents(stake)! + win);
}
