import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { hashServerSeed, withFairRandom } from '../../core/games/fairness.ts';
import { resolveBet } from '../../core/games/round.ts';
import type { GameSessionState, RoundView } from '../../core/games/protocol.ts';
import { useTestApi } from './harness.ts';
import { launchSession } from './fixtures/game-launch.ts';

/**
 * Verify from history: a real-money game page lists the player's rounds of that game
 * from every session; an ended session's seed is revealed when the player opens the game again,
 * and then each of its rounds recomputes exactly. On PGlite and (DATABASE_URL) PostgreSQL.
 */
const clock = manualClock(new Date('2026-05-04T09:00:00Z'));
const ctx = useTestApi({ GAME_SESSION_HOURS: '1' }, { clock });

const launch = (game: string, token?: string, mode: 'real' | 'demo' = token ? 'real' : 'demo') =>
  launchSession(ctx.api, game, { token, mode });
const api = (path: string, body?: unknown) =>
  ctx.api.request(body === undefined ? 'GET' : 'POST', `/demo-games/api/sessions/${path}`, { body, encrypt: false });
const state = async (session: string) => (await api(session)).body as GameSessionState;
const spin = async (session: string) => {
  const res = await api(`${session}/rounds`, {
    bet: { type: 'dice', amount: '1.00', target: '50.49', direction: 'over' },
  });
  expect(res.status).toBe(200);
  return res.body.round as RoundView;
};
/** The round recomputed in the way the game page's Verify does it. */
const recompute = (round: RoundView) =>
  withFairRandom({ serverSeed: round.server_seed!, clientSeed: round.client_seed, nonce: round.nonce }, (random) =>
    resolveBet(round.bet, random),
  );

describe('verify from history', () => {
  it('an ended session’s rounds appear in the next session, revealed, and recompute exactly', async () => {
    const player = await ctx.api.player({ balance: '50.00' });
    const first = await launch('dice', player.token);
    const played = [await spin(first), await spin(first)];
    // While the session runs, its seed is secret.
    expect((await state(first)).rounds.map((round) => round.server_seed)).toEqual([undefined, undefined]);

    clock.advance(3600);
    const second = await launch('dice', player.token);
    const history = (await state(second)).rounds;
    expect(history.map((round) => round.round_id)).toEqual(played.map((round) => round.round_id).reverse());
    for (const round of history) {
      expect(round.server_seed).toMatch(/^[0-9a-f]{64}$/);
      expect(await hashServerSeed(round.server_seed!)).toBe(round.server_seed_hash);
      const again = await recompute(round);
      expect(again.outcome).toEqual(round.outcome);
      expect(again.win).toBe(round.win);
    }
    // The new session plays on its own, still secret seed.
    const fresh = await spin(second);
    const now = (await state(second)).rounds;
    expect(now[0]!.round_id).toBe(fresh.round_id);
    expect(now[0]!.server_seed).toBeUndefined();
    expect(now[0]!.server_seed_hash).not.toBe(history[0]!.server_seed_hash);
  });

  it('an unended session keeps its seed; other players, games and demo play stay out of the history', async () => {
    const player = await ctx.api.player({ balance: '50.00' });
    const other = await ctx.api.player({ balance: '50.00' });
    const running = await launch('dice', player.token);
    const mine = await spin(running);
    await spin(await launch('dice', other.token));
    await spin(await launch('dice', player.token, 'demo'));
    // A second real session while the first still runs: the first's seed stays secret.
    const second = await launch('dice', player.token);
    const history = (await state(second)).rounds;
    expect(history.map((round) => round.round_id)).toEqual([mine.round_id]);
    expect(history[0]!.server_seed).toBeUndefined();
    const [reveal] = await ctx.api.db.query('SELECT 1 FROM game_seed_reveals WHERE session_id = $1', [running]);
    expect(reveal).toBeUndefined();
    // Another game of the same player: not this game's history.
    expect((await state(await launch('european-roulette', player.token))).rounds).toEqual([]);
    // A demo session lists its own rounds only.
    const demo = await launch('dice', undefined);
    expect((await state(demo)).rounds).toEqual([]);
  });

  it('two launches at once after a session ended reveal its seed once', async () => {
    const player = await ctx.api.player({ balance: '50.00' });
    const first = await launch('dice', player.token);
    await spin(first);
    clock.advance(3600);
    const launches = await Promise.all([
      launch('dice', player.token),
      launch('dice', player.token),
      launch('dice', player.token),
    ]);
    expect(new Set(launches).size).toBe(3);
    const reveals = await ctx.api.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM game_seed_reveals WHERE session_id = $1',
      [first],
    );
    expect(reveals[0]!.n).toBe(1);
    for (const session of launches) expect((await state(session)).rounds[0]!.server_seed).toMatch(/^[0-9a-f]{64}$/);
  });
});
