import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';
import { launchSession } from './fixtures/game-launch.ts';
import { betOnRed, setDailyLossLimit } from './fixtures/loss-limit-play.ts';

// A stake refused by a loss limit is a limit hit for harm.limit_raise_after_hit, as a deposit refused
// by a deposit limit is. A fixed start: the rule never sees today's date.
const clock = manualClock(new Date('2026-05-04T10:00:00Z'));
const ctx = useTestApi({ RISK_LIMIT_RAISE_HOURS: '24' }, { clock });

const bet = (session: string, amount: string) => betOnRed(ctx.api, session, amount);
const setLossLimit = (token: string, day: string) => setDailyLossLimit(ctx.api, token, day);
const rulesOf = async (userId: number) =>
  (
    await ctx.api.db.query<{ rule_id: string }>('SELECT rule_id FROM risk_alerts WHERE user_id = $1 ORDER BY id', [
      userId,
    ])
  ).map((row) => row.rule_id);
const hitOf = async (userId: number) =>
  (
    await ctx.api.db.query<{ limit_hit: string | null; limit_hit_at: Date | null }>(
      'SELECT limit_hit, limit_hit_at FROM risk_player_state WHERE user_id = $1',
      [userId],
    )
  )[0];

describe('a stake refused by a loss limit', () => {
  it('is a limit hit: a raise within 24 hours raises harm.limit_raise_after_hit', async () => {
    const player = await ctx.api.player({ balance: '500.00' });
    expect((await setLossLimit(player.token, '10.00')).status).toBe(200);
    const session = await launchSession(ctx.api, 'european-roulette', { token: player.token });
    expect((await bet(session, '50.00')).status).toBe(403);
    const hit = await hitOf(player.id);
    expect(hit!.limit_hit).toBe('loss');
    expect(new Date(hit!.limit_hit_at!).toISOString()).toBe(clock().toISOString());

    clock.advance(23 * 3600);
    expect((await setLossLimit(player.token, '200.00')).status).toBe(200);
    const [alert] = await ctx.api.db.query<{ rule_id: string; evidence: Record<string, unknown> }>(
      'SELECT rule_id, evidence FROM risk_alerts WHERE user_id = $1',
      [player.id],
    );
    expect(alert).toMatchObject({ rule_id: 'harm.limit_raise_after_hit' });
    expect(alert!.evidence).toMatchObject({ limit_hit: 'loss', raised: 'loss:day', within_hours: 24 });
  });

  it('near misses: an accepted stake records nothing; a raise 24 h 1 min after a refusal does not fire', async () => {
    const player = await ctx.api.player({ balance: '500.00' });
    expect((await setLossLimit(player.token, '10.00')).status).toBe(200);
    const session = await launchSession(ctx.api, 'european-roulette', { token: player.token });
    // Within the limit: the stake is taken and the hot path writes no limit hit.
    expect((await bet(session, '2.00')).status).toBe(200);
    expect((await hitOf(player.id))?.limit_hit_at ?? null).toBeNull();
    expect((await setLossLimit(player.token, '20.00')).status).toBe(200); // a raise without a hit
    expect(await rulesOf(player.id)).toEqual([]);

    expect((await bet(session, '100.00')).status).toBe(403);
    expect((await hitOf(player.id))!.limit_hit).toBe('loss');
    clock.advance(24 * 3600 + 60);
    expect((await setLossLimit(player.token, '300.00')).status).toBe(200);
    expect(await rulesOf(player.id)).toEqual([]);
  });

  it('a stake refused for another reason (a time-out) is no limit hit', async () => {
    const player = await ctx.api.player({ balance: '500.00' });
    const session = await launchSession(ctx.api, 'european-roulette', { token: player.token });
    await ctx.api.db.query('UPDATE users SET time_out_until = $2 WHERE id = $1', [
      player.id,
      new Date(clock().getTime() + 3600_000).toISOString(),
    ]);
    expect((await bet(session, '5.00')).status).toBe(403);
    expect((await hitOf(player.id))?.limit_hit_at ?? null).toBeNull();
  });
});
