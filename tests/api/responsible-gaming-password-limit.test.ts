/**
 * Time-out and self-exclusion requests ask for the password, and wrong ones count
 * like set_password's: a token alone cannot guess the password without limit (429 after
 * LOGIN_MAX_FAILURES, 5 by default), and nothing is blocked meanwhile.
 */
import { describe, expect, it } from 'vitest';
import { useTestApi } from './harness.ts';

const ctx = useTestApi();
const post = (path: string, token: string, body: unknown) => ctx.api.request('POST', path, { token, body });

describe('wrong passwords on time-out and self-exclusion', () => {
  for (const [path, body] of [
    ['/api/user/time-out', { period: '7d' }],
    ['/api/user/self-exclusion', { period: '6m', confirm: true }],
  ] as const) {
    it(
      `${path}: 5 wrong passwords answer 400, the 6th try is 429 even with the right password, and nothing ` +
        `is blocked`,
      async () => {
        const player = await ctx.api.player();
        for (let i = 0; i < 5; i++) {
          const wrong = await post(path, player.token, { ...body, password: `wrong-${i}-password` });
          expect(wrong.status).toBe(400);
          expect(Object.keys(wrong.body)).toEqual(['password']);
        }
        const locked = await post(path, player.token, { ...body, password: player.password });
        expect(locked.status).toBe(429);
        expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
        const [row] = await ctx.api.db.query<{ time_out_until: Date | null; self_excluded_until: Date | null }>(
          'SELECT time_out_until, self_excluded_until FROM users WHERE id = $1',
          [player.id],
        );
        expect(row).toEqual({ time_out_until: null, self_excluded_until: null });
      },
    );
  }

  it('a right password takes its try back, so a player who mistypes now and then is not locked out', async () => {
    const player = await ctx.api.player();
    for (let i = 0; i < 4; i++)
      expect((await post('/api/user/time-out', player.token, { period: 'x', password: 'wrong-password' })).status).toBe(
        400,
      );
    for (let i = 0; i < 4; i++)
      expect((await post('/api/user/time-out', player.token, { period: '24h', password: `wrong-${i}` })).status).toBe(
        400,
      );
    expect((await post('/api/user/time-out', player.token, { period: '24h', password: player.password })).status).toBe(
      200,
    );
  });
});
