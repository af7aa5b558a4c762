import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';

/**
 * The game sound toggle is remembered per player (PATCH /api/user/update {game_sound},
 * read on GET /api/user/me), so another browser of the same player finds it as it was left.
 */
const clock = manualClock(new Date('2026-06-01T12:00:00Z'));
const ctx = useTestApi({}, { clock });
const me = (token: string) => ctx.api.request('GET', '/api/user/me', { token });
const update = (token: string, body: unknown) => ctx.api.request('PATCH', '/api/user/update', { token, body });
const stored = async (id: number) =>
  (
    await ctx.api.db.query<{ game_sound: boolean; game_sound_set_at: Date | null }>(
      'SELECT game_sound, game_sound_set_at FROM users WHERE id = $1',
      [id],
    )
  )[0]!;

describe('game sound, remembered per player', () => {
  it('is off by default, and a setting made in one sign-in is found by another, with the clock’s time', async () => {
    const player = await ctx.api.player();
    expect((await me(player.token)).body.game_sound).toBe(false);
    expect(await stored(player.id)).toEqual({ game_sound: false, game_sound_set_at: null });

    const on = await update(player.token, { game_sound: true });
    expect(on.status).toBe(200);
    expect(on.body.game_sound).toBe(true);
    // Another browser: a new sign-in of the same player.
    const login = await ctx.api.request('POST', '/auth/token/login/', {
      body: { email: player.email, password: player.password },
    });
    expect(login.status).toBe(200);
    expect((await me(login.body.auth_token as string)).body.game_sound).toBe(true);
    const row = await stored(player.id);
    expect(row.game_sound).toBe(true);
    expect(new Date(row.game_sound_set_at!).toISOString()).toBe('2026-06-01T12:00:00.000Z');

    clock.advance(90);
    expect((await update(login.body.auth_token as string, { game_sound: false })).body.game_sound).toBe(false);
    expect((await me(player.token)).body.game_sound).toBe(false);
    expect(new Date((await stored(player.id)).game_sound_set_at!).toISOString()).toBe('2026-06-01T12:01:30.000Z');
  });

  it.each([
    ['a string', 'yes'],
    ['a number', 1],
    ['null', null],
    ['an object', { on: true }],
  ])('refuses %s and changes nothing', async (_name, value) => {
    const player = await ctx.api.player();
    const res = await update(player.token, { game_sound: value, first_name: 'Ana' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ game_sound: ['Choose one of the offered options.'] });
    expect(await stored(player.id)).toEqual({ game_sound: false, game_sound_set_at: null });
    expect((await me(player.token)).body.first_name).toBe('');
  });

  it('is the signed-in player’s own: 401 without a token', async () => {
    expect((await ctx.api.request('PATCH', '/api/user/update', { body: { game_sound: true } })).status).toBe(401);
  });
});
