import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { maskName } from '../../server/src/services/winners.ts';
import { useTestApi } from './harness.ts';

const ctx = useTestApi();

describe('game gateway and lobby feeds', () => {
  it('player_set registers the player with the gateway, keeping one id', async () => {
    const player = await ctx.api.player();
    const first = await ctx.api.request('POST', '/gmnggate/api', {
      token: player.token,
      body: { method: 'player_set', lang: 'de' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'ok', player_id: expect.stringMatching(/^p_[0-9a-f]{16}$/) });
    const second = await ctx.api.request('POST', '/gmnggate/api', {
      token: player.token,
      body: { method: 'player_set' },
    });
    expect(second.body.player_id).toBe(first.body.player_id);
  });

  it.each([[{ method: 'player_delete' }], [{}], [{ method: ['player_set'] }]])(
    'refuses gateway body %j with 400',
    async (body) => {
      const player = await ctx.api.player();
      const res = await ctx.api.request('POST', '/gmnggate/api', { token: player.token, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Unknown game gateway method.' });
    },
  );

  it('lists popular games whose pictures are local files', async () => {
    const res = await ctx.api.request('GET', '/gmnggate/most_popular');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(8);
    for (const game of res.body) {
      expect(Object.keys(game).sort()).toEqual(['category', 'id', 'image', 'name', 'provider']);
      expect(game.image).toMatch(/^\/games\/[\w-]+\.svg$/);
      expect(existsSync(`public${game.image}`)).toBe(true);
    }
  });

  it('lists recent wins with masked players, newest first', async () => {
    const res = await ctx.api.request('GET', '/api/snikx/win_stats');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(5);
    for (const win of res.body) {
      expect(win.player).toMatch(/^.{1,2}\*\*\*.?$/u);
      expect(win.amount).toMatch(/^\d+\.\d\d$/);
      expect(win.currency).toBe('EUR');
    }
    const times = res.body.map((win: { at: string }) => win.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('lists only rounds whose payout exceeds the stake, with the net win (a loss or push is never a win)', async () => {
    // Newer than every seeded round, so these lead the feed: a partial return, a push, a net win, a demo win.
    const at = (minutes: number) => new Date(Date.UTC(2100, 0, 1, 12, minutes)).toISOString();
    const round = (id: string, mode: string, stake: string, win: string, minutes: number) =>
      ctx.api.db.query(
        `INSERT INTO game_rounds (id, player, game_id, mode, nonce, client_seed, server_seed_hash, bet, outcome, stake,
          win, currency, created_at)
         VALUES ($1, 'johnny', 'amber-fortune', $2, 0, 'c', 'h', '{}'::jsonb, '{}'::jsonb, $3::numeric, $4::numeric,
         'EUR', $5)`,
        [id, mode, stake, win, at(minutes)],
      );
    await round('rts7-partial', 'real', '1.00', '0.50', 4);
    await round('rts7-push', 'real', '2.00', '2.00', 3);
    await round('rts7-demo', 'demo', '1.00', '9.00', 2);
    await round('rts7-win', 'real', '1.00', '2.50', 1);
    const res = await ctx.api.request('GET', '/api/snikx/win_stats');
    expect(res.status).toBe(200);
    expect(res.body[0]).toEqual({
      player: 'jo***y',
      game: 'Amber Fortune',
      amount: '1.50',
      currency: 'EUR',
      at: at(1),
    });
    expect(res.body[1].at < at(0)).toBe(true);
  });

  it('masks names without revealing short ones', () => {
    expect(maskName('johnny')).toBe('jo***y');
    expect(maskName('ana')).toBe('a***');
    expect(maskName('李小龍五')).toBe('李小***五');
  });
});
