import { describe, expect, it } from 'vitest';
import { balanceOf, useTestApi } from './harness.ts';
import { launchSession } from './fixtures/game-launch.ts';
import { betOnRed, setDailyLossLimit } from './fixtures/loss-limit-play.ts';
import { PINS, pinGameSeeds, unpinGameSeedsAfterEach } from './pinned-seeds.ts';

/**
 * A stake is accepted only if the worst case (the stake, and every open stake
 * lost) fits in the room left under every loss limit, checked under the player's row lock in the
 * transaction that takes the stake. Real parallel requests; run on PGlite and, with DATABASE_URL,
 * on PostgreSQL.
 */
const ctx = useTestApi();
unpinGameSeedsAfterEach(ctx);

const launch = (token: string, game = 'european-roulette') => launchSession(ctx.api, game, { token });
const bet = (session: string, amount: string) => betOnRed(ctx.api, session, amount);
const setLossLimit = (token: string, day: string) => setDailyLossLimit(ctx.api, token, day);

async function netLoss(userId: number): Promise<number> {
  const [row] = await ctx.api.db.query<{ loss: string }>(
    `SELECT COALESCE(sum(stake - win), 0)::text AS loss FROM game_rounds WHERE user_id = $1`,
    [userId],
  );
  return Math.round(Number(row!.loss) * 100);
}

describe('loss limits take the stake into account', () => {
  it('refuses a single 100.00 bet with a daily loss limit of 10.00, with the room left in the message', async () => {
    const player = await ctx.api.player({ balance: '500.00' });
    expect((await setLossLimit(player.token, '10.00')).status).toBe(200);
    const session = await launch(player.token);
    const res = await bet(session, '100.00');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      detail:
        'This stake does not fit under your loss limit: at most €10.00 can still be staked now (stakes of ' +
        'unfinished rounds count as lost until they settle).',
    });
    expect(await balanceOf(ctx.api, player.id)).toBe('500.00');
    expect((await bet(session, '10.00')).status).toBe(200);
  });

  it('60 parallel bets of 100.00 against a 10.00 daily loss limit: all refused, nothing lost', async () => {
    const player = await ctx.api.player({ balance: '6000.00' });
    expect((await setLossLimit(player.token, '10.00')).status).toBe(200);
    const session = await launch(player.token);
    const results = await Promise.all(Array.from({ length: 60 }, () => bet(session, '100.00')));
    expect(results.map((res) => res.status)).toEqual(Array(60).fill(403));
    expect(await balanceOf(ctx.api, player.id)).toBe('6000.00');
    expect(await netLoss(player.id)).toBe(0);
  });

  it('60 parallel bets of 4.00 against a 10.00 daily loss limit never lose more than 10.00', async () => {
    const player = await ctx.api.player({ balance: '1000.00' });
    expect((await setLossLimit(player.token, '10.00')).status).toBe(200);
    // The pinned spins 1 and 2 land on black: two stakes of 4.00 are lost (or open, which counts as
    // lost), 2.00 of room is left, and no third stake fits whatever the order of the requests.
    pinGameSeeds(ctx.api.services, PINS.twoBlacks);
    const session = await launch(player.token);
    const results = await Promise.all(Array.from({ length: 60 }, () => bet(session, '4.00')));
    expect(results.filter((res) => res.status === 200)).toHaveLength(2);
    expect(results.filter((res) => res.status === 403)).toHaveLength(58);
    expect(await netLoss(player.id)).toBe(800);
    expect(await balanceOf(ctx.api, player.id)).toBe('992.00');
  });
});
