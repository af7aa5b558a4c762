/**
 * Private JSON answers (`/api/user/*`, `/auth/*`) are never stored
 * (`Cache-Control: no-store`), and the game page keeps its own `Referrer-Policy: no-referrer`.
 */
import { describe, expect, it } from 'vitest';
import { useTestApi } from './harness.ts';

const ctx = useTestApi();

describe('private answers', () => {
  it('every /api/user/* and /auth/* answer is no-store: success, refusal and error alike', async () => {
    const player = await ctx.api.player();
    const replies = [
      await ctx.api.request('GET', '/api/user/me', { token: player.token }),
      await ctx.api.request('GET', '/api/user/2fa', { token: player.token }),
      await ctx.api.request('GET', '/api/user/history', { token: player.token }),
      await ctx.api.request('GET', '/api/user/me'),
      await ctx.api.request('POST', '/auth/token/login/', { body: { email: player.email, password: player.password } }),
      await ctx.api.request('POST', '/auth/token/login/', {
        body: { email: player.email, password: 'wrong-password' },
      }),
      await ctx.api.request('POST', '/auth/users/reset_password/', { body: { email: player.email } }),
    ];
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 401, 200, 400, 204]);
    for (const reply of replies) expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it("the game page keeps its own Referrer-Policy: no-referrer (not the site's)", async () => {
    const launch = await ctx.api.request('POST', '/gmnggate/api', {
      body: { method: 'game_launch', game_id: 'dice', mode: 'demo' },
    });
    const page = await ctx.api.app.request(`/demo-games/play/${launch.body.session_id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const other = await ctx.api.request('GET', '/api/games');
    expect(other.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
