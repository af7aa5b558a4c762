/**
 * The catalogue's games through the provider API, with real money: baccarat, French roulette and one
 * slot title per machine. Each round moves the wallet by exactly payout − stake (cents, BigInt),
 * the game fixes its own maths (the page cannot pick another title or table rules), and the
 * catalogue rows carry their mechanic, RTP and volatility.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toCents, signedToCents } from '../../core/api/money.ts';
import { withFairRandom } from '../../core/games/fairness.ts';
import { resolveBet } from '../../core/games/round.ts';
import { GAME_CATALOGUE } from '../../core/games/catalogue.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { launchSession } from './fixtures/game-launch.ts';
import { PINS, pinGameSeeds, unpinGameSeedsAfterEach } from './pinned-seeds.ts';

const ctx = useTestApi({ SITE_URL: 'https://play.example.test' });
unpinGameSeedsAfterEach(ctx);

const launch = (gameId: string, token: string) => launchSession(ctx.api, gameId, { token });
const api = (path: string, body?: unknown) =>
  ctx.api.request(body === undefined ? 'GET' : 'POST', `/demo-games/api/sessions/${path}`, {
    body,
    encrypt: false,
    headers: { 'accept-language': 'en' },
  });

/** Plays `rounds` rounds of `bet` and checks the wallet after each one. */
async function playAndCheck(gameId: string, bet: Record<string, unknown>, rounds: number) {
  const player = await ctx.api.player({ balance: '100.00' });
  const session = await launch(gameId, player.token);
  const played = [];
  for (let i = 0; i < rounds; i++) {
    const before = signedToCents(await balanceOf(ctx.api, player.id))!;
    const res = await api(`${session}/rounds`, { bet });
    expect(res.status).toBe(200);
    const { round, balance } = res.body;
    const after = signedToCents(await balanceOf(ctx.api, player.id))!;
    expect(after - before).toBe(toCents(round.win)! - toCents(round.stake)!);
    expect(signedToCents(balance)).toBe(after);
    played.push(round);
  }
  // Every round recomputes from its seed pair as the Verify panel does (after a rotation reveals it).
  const rotation = await api(`${session}/seeds`, { client_seed: 'check' });
  for (const round of played) {
    const again = await withFairRandom(
      { serverSeed: rotation.body.revealed.server_seed, clientSeed: round.client_seed, nonce: round.nonce },
      (random) => resolveBet(round.bet, random),
    );
    expect(again).toEqual({ outcome: round.outcome, stake: round.stake, win: round.win });
  }
  return played;
}

describe('baccarat, French roulette and the slot machines with real money', () => {
  it('baccarat: banker, player and tie bets move the balance by payout − stake; cards and totals shown', async () => {
    // Each bet plays the same four pinned coups: banker, tie, player, player. Banker pays 0.95:1, player
    // 1:1, tie 8:1; a tie returns player and banker stakes (a push). 5.00 is over the banker's minimum stake.
    pinGameSeeds(ctx.api.services, PINS.baccaratMix);
    const payouts = {
      banker: ['9.75', '5.00', '0.00', '0.00'],
      player: ['0.00', '5.00', '10.00', '10.00'],
      tie: ['0.00', '45.00', '0.00', '0.00'],
    };
    for (const on of ['banker', 'player', 'tie'] as const) {
      const rounds = await playAndCheck('baccarat-royale', { type: 'baccarat', amount: '5.00', on }, 4);
      expect(rounds.map((round) => round.outcome.winner)).toEqual(['banker', 'tie', 'player', 'player']);
      expect(rounds.map((round) => round.win)).toEqual(payouts[on]);
      for (const round of rounds) {
        expect(round.bet).toEqual({ type: 'baccarat', amount: '5.00', on });
        const { player, banker, player_total, banker_total, winner } = round.outcome;
        expect(player.length + banker.length).toBeGreaterThanOrEqual(4);
        expect(winner).toBe(player_total > banker_total ? 'player' : banker_total > player_total ? 'banker' : 'tie');
      }
    }
  });

  it('baccarat refuses a bet on anything else, and takes nothing', async () => {
    const player = await ctx.api.player({ balance: '10.00' });
    const session = await launch('baccarat-royale', player.token);
    const res = await api(`${session}/rounds`, { bet: { type: 'baccarat', amount: '1.00', on: 'dragon' } });
    expect(res.status).toBe(400);
    expect(await balanceOf(ctx.api, player.id)).toBe('10.00');
  });

  it("French roulette: the table's la partage is recorded on every bet, even if the page leaves it out", async () => {
    pinGameSeeds(ctx.api.services, PINS.roulettePockets);
    const rounds = await playAndCheck(
      'french-roulette',
      {
        type: 'roulette',
        stakes: [
          { kind: 'red', amount: '1.00' },
          { kind: 'straight', numbers: [0], amount: '0.50' },
        ],
      },
      5,
    );
    for (const round of rounds) expect(round.bet.la_partage).toBe(true);
    // Pinned pockets: three reds pay 2.00; zero pays the straight 18.00 and la partage returns half the
    // red stake (0.50); black 29 pays nothing.
    expect(rounds.map((round) => [round.outcome.pocket, round.win])).toEqual([
      [14, '2.00'],
      [16, '2.00'],
      [34, '2.00'],
      [0, '18.50'],
      [29, '0.00'],
    ]);
    // European roulette stays European even when the page asks for la partage.
    const european = await playAndCheck(
      'european-roulette',
      { type: 'roulette', la_partage: true, stakes: [{ kind: 'red', amount: '1.00' }] },
      1,
    );
    expect(european[0]!.bet).toEqual({ type: 'roulette', stakes: [{ kind: 'red', amount: '1.00' }] });
  });

  it.each([
    ['amber-fortune', 3, 5, '1.00'],
    ['star-voyage', 3, 3, '0.15'],
    ['dragon-gold', 3, 5, '0.20'],
  ] as const)(
    'slot %s plays its own machine and symbols (%i × %i), stakes in its step',
    async (gameId, rows, reels, stake) => {
      const rounds = await playAndCheck(gameId, { type: 'slot', amount: stake, title: 'amber-fortune' }, 3);
      for (const round of rounds) {
        expect(round.bet).toEqual({ type: 'slot', amount: stake, title: gameId });
        expect(round.outcome.grid).toHaveLength(rows);
        expect(round.outcome.grid[0]).toHaveLength(reels);
      }
    },
  );

  it("a stake the title's lines cannot share is refused with the title's own step", async () => {
    const player = await ctx.api.player({ balance: '10.00' });
    const session = await launch('pharaoh-riches', player.token);
    const res = await api(`${session}/rounds`, { bet: { type: 'slot', amount: '0.30' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('The stake must be a multiple of €0.20.');
  });

  it("the games table carries each game's mechanic, RTP and volatility from the catalogue", async () => {
    const rows = await ctx.api.db.query<{
      id: string;
      mechanic: string;
      rtp: string;
      volatility: string | null;
      name: string;
    }>('SELECT id, name, mechanic, rtp, volatility FROM games ORDER BY id');
    const expected = GAME_CATALOGUE.map((game) => ({
      id: game.id,
      name: game.name,
      mechanic: game.mechanic,
      rtp: game.rtp,
      volatility: 'volatility' in game ? game.volatility : null,
    })).sort((a, b) => a.id.localeCompare(b.id));
    expect(rows).toEqual(expected);
    expect(rows.find((row) => row.id === 'baccarat-royale')).toMatchObject({ mechanic: 'baccarat', rtp: '98.94' });
    expect(rows.some((row) => /live/i.test(row.id) && row.mechanic === 'roulette')).toBe(false);
  });

  it('migration 023 moves "Live Roulette" to French Roulette: rounds and winners follow, old id gone', async () => {
    const db = ctx.api.db;
    // Put the database back as it was before 023: the game under its old id, with its rows.
    const [{ rounds } = { rounds: 0 }] = await db.query<{ rounds: number }>(
      `SELECT count(*)::int AS rounds FROM game_rounds WHERE game_id = 'french-roulette'`,
    );
    expect(rounds).toBeGreaterThan(0);
    await db.query(
      `INSERT INTO games (id, name, provider, image, category, popularity, mechanic) VALUES ` +
        `('live-roulette', 'Live Roulette', 'Velvet Live', '/games/live-roulette.svg', 'live', 99, ` +
        `'roulette')`,
    );
    for (const table of ['game_rounds', 'game_sessions', 'wins'])
      await db.query(`UPDATE ${table} SET game_id = 'live-roulette' WHERE game_id = 'french-roulette'`);
    await db.query(`DELETE FROM games WHERE id = 'french-roulette'`);

    const sql = readFileSync(new URL('../../server/src/db/migrations/023_game_catalogue.sql', import.meta.url), 'utf8');
    for (const statement of sql
      .replace(/--.*$/gm, '')
      .split(/;\s*$/m)
      .map((part) => part.trim())
      // Its mechanic list is older than limbo and keno (migration 073), whose rows this database has:
      // the move of the rows is what is replayed here, not that constraint.
      .filter((part) => part && !part.includes('games_mechanic_check')))
      await db.query(statement);

    expect(await db.query(`SELECT id FROM games WHERE id = 'live-roulette'`)).toEqual([]);
    expect(
      await db.query(
        `SELECT id, name, provider, category, popularity, mechanic FROM games WHERE id = 'french-roulette'`,
      ),
    ).toEqual([
      {
        id: 'french-roulette',
        name: 'French Roulette',
        provider: 'Velvet Tables',
        category: 'table',
        popularity: 99,
        mechanic: 'roulette',
      },
    ]);
    const [{ moved } = { moved: -1 }] = await db.query<{ moved: number }>(
      `SELECT count(*)::int AS moved FROM game_rounds WHERE game_id = 'french-roulette'`,
    );
    expect(moved).toBe(rounds);
    // The catalogue's CHECK lets baccarat (and the multi-step games) in, and nothing else.
    await expect(db.query(`UPDATE games SET mechanic = 'poker' WHERE id = 'baccarat-royale'`)).rejects.toThrow();
  });
});
