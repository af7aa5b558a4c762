/**
 * The site's cookie follows the token's real lifetime, so the server says it:
 * login answers `expires_at`, and every authenticated answer carries `Token-Expires`, renewed by
 * use (TOKEN_IDLE_DAYS after the last use, TOKEN_MAX_AGE_DAYS after sign-in at the latest).
 */
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';

const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
const ctx = useTestApi({ TOKEN_IDLE_DAYS: '30', TOKEN_MAX_AGE_DAYS: '90' }, { clock });
const DAY = 86_400_000;

describe('token expiry for the cookie', () => {
  it('login answers the expiry; use renews it up to the maximum age; past day 30 an active player stays', async () => {
    const player = await ctx.api.player();
    const signedInAt = clock().getTime();
    const login = await ctx.api.request('POST', '/auth/token/login/', {
      body: { email: player.email, password: player.password },
    });
    expect(login.body.expires_at).toBe(new Date(signedInAt + 30 * DAY).toISOString());
    const token = login.body.auth_token as string;
    for (let day = 20; day <= 80; day += 20) {
      clock.advance(20 * 86_400);
      const me = await ctx.api.request('GET', '/api/user/me', { token });
      expect(me.status, `day ${day}`).toBe(200);
      expect(me.headers.get('token-expires')).toBe(
        new Date(Math.min(signedInAt + day * DAY + 30 * DAY, signedInAt + 90 * DAY)).toISOString(),
      );
    }
    clock.advance(10 * 86_400); // day 90: the maximum age
    expect((await ctx.api.request('GET', '/api/user/me', { token })).status).toBe(401);
  });
});
