/**
 * The authenticated read path (issue 20, item 18): `GET /api/user/me` costs two database round
 * trips, the token check and one query for the player with this sign-in's reality check, where
 * it had grown to four. Revocation stays immediate: a signed-out token is refused at once.
 */
import { describe, expect, it } from 'vitest';
import { useTestApi } from './harness.ts';

const ctx = useTestApi();

describe('GET /api/user/me', () => {
  it('answers with two queries: the token check and the player with their reality check', async () => {
    const player = await ctx.api.player({ balance: '12.50' });
    await ctx.api.request('PATCH', '/api/user/responsible-gaming', { token: player.token, body: { reality_check_minutes: 30 } });
    await ctx.api.request('GET', '/api/user/me', { token: player.token }); // the first use may touch last_used_at
    const db = ctx.api.db;
    const query = db.query;
    const seen: string[] = [];
    db.query = ((sql: string, params?: unknown[]) => {
      seen.push(sql.replace(/\s+/g, ' ').trim().slice(0, 60));
      return query.call(db, sql, params);
    }) as typeof db.query;
    try {
      const me = await ctx.api.request('GET', '/api/user/me', { token: player.token });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: player.id, balance: '12.50', reality_check_next_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    } finally {
      db.query = query;
    }
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatch(/^SELECT user_id, created_at, last_used_at FROM auth_tokens/);
  });

  it('still refuses a token the moment it is signed out', async () => {
    const player = await ctx.api.player();
    expect((await ctx.api.request('GET', '/api/user/me', { token: player.token })).status).toBe(200);
    expect((await ctx.api.request('POST', '/auth/token/logout/', { token: player.token })).status).toBe(204);
    expect((await ctx.api.request('GET', '/api/user/me', { token: player.token })).status).toBe(401);
  });
});
