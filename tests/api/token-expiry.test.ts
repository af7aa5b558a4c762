import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/clock.ts';
import { useTestApi } from './harness.ts';

const DAY = 86_400;
const clock = manualClock();
const ctx = useTestApi({ TOKEN_IDLE_DAYS: '30', TOKEN_MAX_AGE_DAYS: '90' }, { clock });
const me = (token: string) => ctx.api.request('GET', '/api/user/me', { token });
const lastUsed = async (userId: number) =>
  new Date((await ctx.api.db.query<{ last_used_at: string }>('SELECT last_used_at FROM auth_tokens WHERE user_id = $1', [userId]))[0]!.last_used_at).getTime();

describe('tokens expire (issue 10 #17)', () => {
  it('after TOKEN_IDLE_DAYS without use', async () => {
    const player = await ctx.api.player();
    clock.advance(30 * DAY - 1);
    expect((await me(player.token)).status).toBe(200);
    clock.advance(30 * DAY);
    const expired = await me(player.token);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ detail: 'Your session has ended. Please sign in again.' });
    expect(await ctx.api.db.query('SELECT 1 FROM auth_tokens WHERE user_id = $1', [player.id])).toEqual([]);
  });

  it('after TOKEN_MAX_AGE_DAYS however often it is used', async () => {
    const player = await ctx.api.player();
    for (let day = 20; day < 90; day += 20) {
      clock.advance(20 * DAY);
      expect((await me(player.token)).status, `day ${day}`).toBe(200);
    }
    clock.advance(10 * DAY);
    expect((await me(player.token)).status).toBe(401);
  });

  it('records the last use at most once a minute, not on every request', async () => {
    const player = await ctx.api.player();
    const issued = await lastUsed(player.id);
    expect(issued).toBe(clock().getTime());
    clock.advance(59);
    await me(player.token);
    expect(await lastUsed(player.id)).toBe(issued);
    clock.advance(1);
    await me(player.token);
    expect(await lastUsed(player.id)).toBe(issued + 60_000);
  });

  it('deletes expired tokens of other sessions while signing in', async () => {
    const idle = await ctx.api.player();
    clock.advance(31 * DAY);
    await ctx.api.player();
    expect(await ctx.api.db.query('SELECT 1 FROM auth_tokens WHERE user_id = $1', [idle.id])).toEqual([]);
  });
});
