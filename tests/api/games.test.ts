import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { maskName } from '../../server/src/routes/games.ts';
import { useTestApi } from './harness.ts';

const ctx = useTestApi();

describe('game gateway and lobby feeds', () => {
  it('player_set registers the player with the gateway, keeping one id', async () => {
    const player = await ctx.api.player();
    const first = await ctx.api.request('POST', '/gmnggate/api', { token: player.token, body: { method: 'player_set', lang: 'de' } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'ok', player_id: expect.stringMatching(/^p_[0-9a-f]{16}$/) });
    const second = await ctx.api.request('POST', '/gmnggate/api', { token: player.token, body: { method: 'player_set' } });
    expect(second.body.player_id).toBe(first.body.player_id);
  });

  it.each([[{ method: 'player_delete' }], [{}], [{ method: ['player_set'] }]])('refuses gateway body %j with 400', async (body) => {
    const player = await ctx.api.player();
    const res = await ctx.api.request('POST', '/gmnggate/api', { token: player.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Unknown game gateway method.' });
  });

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

  it('masks names without revealing short ones', () => {
    expect(maskName('johnny')).toBe('jo***y');
    expect(maskName('ana')).toBe('a***');
    expect(maskName('李小龍五')).toBe('李小***五');
  });
});
