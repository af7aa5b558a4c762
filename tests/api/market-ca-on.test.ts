import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';

/**
 * MARKET=CA-ON (docs/markets.md): a sign-in ends after 30 minutes without a request (AGCO standard 4.30). The
 * server refuses the token with 401 and the reason in the player's language; the token is gone for good. The
 * injected clock moves. On PGlite and, with DATABASE_URL, on PostgreSQL.
 */
const clock = manualClock();
const ctx = useTestApi({ MARKET: 'CA-ON' }, { clock });

const me = (token: string, language = 'en') =>
  ctx.api.request('GET', '/api/user/me', { token, headers: { 'Accept-Language': language } });

describe('CA-ON: the inactivity time-out', () => {
  it('is the market’s setting: 30 minutes', () => {
    expect(ctx.api.services.config.market.profile.rules.inactivityTimeout?.minutes).toBe(30);
  });

  it('a request every 29 minutes keeps the sign-in; 30 minutes without one ends it with the reason', async () => {
    const player = await ctx.api.player();
    for (let step = 0; step < 3; step++) {
      clock.advance(29 * 60);
      expect((await me(player.token)).status).toBe(200);
    }
    clock.advance(30 * 60);
    const ended = await me(player.token);
    expect(ended.status).toBe(401);
    expect(ended.body.detail).toBe('You were signed out after 30 minutes without activity. Please sign in again.');
    // The token is deleted: later requests are refused as any ended session.
    const after = await me(player.token);
    expect(after.status).toBe(401);
    expect(after.body.detail).toBe('Your session has ended. Please sign in again.');
  });

  it('the reason in the player’s language (French)', async () => {
    const player = await ctx.api.player();
    clock.advance(45 * 60);
    const ended = await me(player.token, 'fr');
    expect(ended.status).toBe(401);
    expect(ended.body.detail).toMatch(/30 minutes d’inactivité/);
  });
});
