import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import type { OwnRoundCheck, Paginated, Transaction } from '../../core/api/contract.ts';
import { hashServerSeed, withFairRandom } from '../../core/games/fairness.ts';
import { resolveBet } from '../../core/games/round.ts';
import type { RoundView } from '../../core/games/protocol.ts';
import { useTestApi } from './harness.ts';
import { launchSession } from './fixtures/game-launch.ts';

/**
 * Verify from history: every game round in the player's history links to its round
 * (GET /api/user/history/rounds/:round_id), the player's own only; its seed once revealed, else
 * when it will be. On PGlite and (DATABASE_URL) PostgreSQL.
 */
const clock = manualClock(new Date('2026-05-04T09:00:00Z'));
const ctx = useTestApi({ GAME_SESSION_HOURS: '1' }, { clock });

const launch = (game: string, token: string) => launchSession(ctx.api, game, { token });
const provider = (path: string, body?: unknown) =>
  ctx.api.request(body === undefined ? 'GET' : 'POST', `/demo-games/api/sessions/${path}`, { body, encrypt: false });
const spin = async (session: string) => {
  const res = await provider(`${session}/rounds`, {
    bet: { type: 'dice', amount: '1.00', target: '50.49', direction: 'over' },
  });
  expect(res.status).toBe(200);
  return res.body.round as RoundView;
};
const check = (roundId: string, token?: string) =>
  ctx.api.request('GET', `/api/user/history/rounds/${roundId}`, { token });

describe('a round from the player’s history', () => {
  it('is linked from history, secret until the player changes seeds, then recomputes exactly', async () => {
    const player = await ctx.api.player({ balance: '50.00' });
    const session = await launch('dice', player.token);
    const played = await spin(session);

    const history = await ctx.api.request('GET', '/api/user/history?type=game', { token: player.token });
    expect(history.status).toBe(200);
    const rows = (history.body as Paginated<Transaction>).results;
    expect(rows.map((row) => row.round_id)).toEqual([played.round_id]);

    const secret = await check(played.round_id, player.token);
    expect(secret.status).toBe(200);
    expect(secret.headers.get('cache-control')).toBe('no-store');
    const before = secret.body as OwnRoundCheck;
    expect(before.seed).toBe('secret');
    expect(before.game).toEqual({ id: 'dice', name: 'Dice' });
    expect(before.session_ends_at).toBe('2026-05-04T10:00:00.000Z');
    expect(before.round.server_seed).toBeUndefined();
    expect(before.round).toEqual({ ...played, created_at: '2026-05-04T09:00:00.000Z' });

    expect((await provider(`${session}/seeds`, { client_seed: 'after-the-round' })).status).toBe(200);
    const after = (await check(played.round_id, player.token)).body as OwnRoundCheck;
    expect(after.seed).toBe('revealed');
    expect(await hashServerSeed(after.round.server_seed!)).toBe(played.server_seed_hash);
    const again = await withFairRandom(
      { serverSeed: after.round.server_seed!, clientSeed: after.round.client_seed, nonce: after.round.nonce },
      (random) => resolveBet(after.round.bet, random),
    );
    expect(again.outcome).toEqual(played.outcome);
    expect(again.win).toBe(played.win);
  });

  it('is 404 for another player, an unknown or malformed id, and 401 signed out', async () => {
    const player = await ctx.api.player({ balance: '50.00' });
    const other = await ctx.api.player({ balance: '50.00' });
    const played = await spin(await launch('dice', player.token));
    expect((await check(played.round_id, other.token)).status).toBe(404);
    expect((await check('00000000-0000-4000-8000-000000000000', player.token)).status).toBe(404);
    expect((await check('not-a-round', player.token)).status).toBe(404);
    expect((await check(`${played.round_id}'--`, player.token)).status).toBe(404);
    expect((await check(played.round_id)).status).toBe(401);
  });

  it('reveals an ended session’s seed once, even for requests at the same moment, at the clock’s time', async () => {
    const player = await ctx.api.player({ balance: '50.00' });
    const session = await launch('dice', player.token);
    const played = await spin(session);
    clock.advance(3600);
    const answers = await Promise.all([1, 2, 3, 4].map(() => check(played.round_id, player.token)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect((answer.body as OwnRoundCheck).seed).toBe('revealed');
      expect(await hashServerSeed((answer.body as OwnRoundCheck).round.server_seed!)).toBe(played.server_seed_hash);
    }
    const reveals = await ctx.api.db.query<{ revealed_at: Date }>(
      'SELECT revealed_at FROM game_seed_reveals WHERE session_id = $1',
      [session],
    );
    expect(reveals.map((row) => new Date(row.revealed_at).toISOString())).toEqual([clock().toISOString()]);
  });

  it('says a round still in play is open, with its seed secret', async () => {
    const player = await ctx.api.player({ balance: '50.00' });
    const session = await launch('mines', player.token);
    const opened = await provider(`${session}/rounds`, { bet: { type: 'mines', amount: '1.00', mines: 24 } });
    expect(opened.status).toBe(200);
    const roundId = opened.body.round.id as string;
    const history = (await ctx.api.request('GET', '/api/user/history?type=game', { token: player.token }))
      .body as Paginated<Transaction>;
    expect(history.results.map((row) => [row.status, row.round_id])).toEqual([['pending', roundId]]);
    const open = (await check(roundId, player.token)).body as OwnRoundCheck;
    expect(open.seed).toBe('open');
    expect(open.round.server_seed).toBeUndefined();
  });
});
