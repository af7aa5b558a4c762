import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { launchSession } from './fixtures/game-launch.ts';
import { useTestApi } from './harness.ts';
import { staffMember } from './operator-harness.ts';

/**
 * MARKET=CA-ON (docs/markets.md): a sign-in ends after 30 minutes without a request (AGCO standard 4.30). The
 * server refuses the token with 401 and the reason in the player's language; the token is gone for good. An
 * unfinished game resumed is logged (AGCO standard 4.02). The injected clock moves. On PGlite and, with
 * DATABASE_URL, on PostgreSQL.
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

describe('CA-ON: resumed games are logged', () => {
  const resumptions = (userId: number) =>
    ctx.api.db.query<{ game_id: string; session_id: string; round_id: string; resumed_at: Date | string }>(
      'SELECT game_id, session_id, round_id, resumed_at FROM game_resumptions WHERE user_id = $1 ORDER BY id',
      [userId],
    );

  it('a launch that continues an open mines round logs it with that round; a fresh launch does not', async () => {
    const player = await ctx.api.player({ balance: '100.00', verified: true });
    const session = await launchSession(ctx.api, 'mines', { token: player.token });
    expect(await resumptions(player.id)).toEqual([]);
    const opened = await ctx.api.request('POST', `/demo-games/api/sessions/${session}/rounds`, {
      body: { bet: { type: 'mines', amount: '1.00', mines: 24 } },
      encrypt: false,
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.round.state).toBe('open');
    clock.advance(60);
    const at = clock().toISOString();
    expect(await launchSession(ctx.api, 'mines', { token: player.token })).toBe(session);
    const rows = await resumptions(player.id);
    expect(rows.map((row) => ({ ...row, resumed_at: new Date(row.resumed_at).toISOString() }))).toEqual([
      { game_id: 'mines', session_id: session, round_id: opened.body.round.id, resumed_at: at },
    ]);
    // Another game with no open round launches fresh: nothing more is logged.
    await launchSession(ctx.api, 'dice', { token: player.token });
    expect((await resumptions(player.id)).length).toBe(1);
    // The player's data export carries it.
    const exported = await ctx.api.app.request('/api/user/export', {
      headers: { authorization: `Token ${player.token}` },
    });
    expect(exported.status).toBe(200);
    const resumedGames = ((await exported.json()) as { resumed_games: Record<string, string>[] }).resumed_games;
    expect(resumedGames.map((row) => ({ ...row, resumed_at: new Date(row.resumed_at!).toISOString() }))).toEqual([
      { game_id: 'mines', session_id: session, round_id: opened.body.round.id, resumed_at: at },
    ]);
    // Staff see it on the player's page.
    const support = await staffMember(ctx.api, 'support');
    const page = await support.client.get(`/operator/players/${player.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Resumed games');
    expect(page.text).toMatch(new RegExp(`<tr data-resumed="${opened.body.round.id}">.*<td>mines</td>`, 's'));
  });
});
