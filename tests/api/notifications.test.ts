import { describe, expect, it } from 'vitest';
import { migrate } from '../../server/src/db/migrate.ts';
import { seed } from '../../server/src/db/seed.ts';
import { useTestApi } from './harness.ts';

const ctx = useTestApi();
const list = (token: string, mode: string, headers: Record<string, string> = {}) =>
  ctx.api.request('GET', `/api/user/notification?mode=${mode}`, { token, headers });

describe('/api/user/notification', () => {
  it('lists broadcast and own notifications, newest first, with read state', async () => {
    const player = await ctx.api.player();
    const mass = await list(player.token, 'mass');
    expect(mass.status).toBe(200);
    expect(mass.body.map((n: { title: string }) => n.title)).toEqual(['New games in the lobby']);
    for (const item of mass.body)
      expect(Object.keys(item).sort()).toEqual(['body', 'created_at', 'id', 'read', 'title']);
    expect(mass.body.every((n: { read: boolean }) => !n.read)).toBe(true);
    const own = await list(player.token, 'own');
    expect(own.body).toEqual([expect.objectContaining({ title: 'Welcome to AmberPlay', read: false })]);
  });

  it('renders notifications in the language asked for', async () => {
    const player = await ctx.api.player();
    const own = await list(player.token, 'own', { 'accept-language': 'zh-CN' });
    expect(own.body[0].title).not.toBe('Welcome to AmberPlay');
    expect(own.body[0].title).toMatch(/[\u4e00-\u9fff]/);
  });

  it('set_read marks the player’s notifications read and answers 0 unread, for that player only', async () => {
    const player = await ctx.api.player();
    const other = await ctx.api.player();
    const res = await list(player.token, 'set_read');
    expect(res.body).toEqual({ unread_count: 0 });
    expect((await list(player.token, 'mass')).body.every((n: { read: boolean }) => n.read)).toBe(true);
    expect((await list(player.token, 'own')).body.every((n: { read: boolean }) => n.read)).toBe(true);
    expect((await list(other.token, 'mass')).body.some((n: { read: boolean }) => !n.read)).toBe(true);
  });

  it('deletes one of the player’s own notifications, and nothing else', async () => {
    const player = await ctx.api.player();
    const other = await ctx.api.player();
    const [own] = (await list(player.token, 'own')).body;
    const [broadcast] = (await list(player.token, 'mass')).body;
    const [othersOwn] = (await list(other.token, 'own')).body;

    expect(
      (await ctx.api.request('DELETE', `/api/user/notification?id=${othersOwn.id}`, { token: player.token })).status,
    ).toBe(404);
    expect(
      (await ctx.api.request('DELETE', `/api/user/notification?id=${broadcast.id}`, { token: player.token })).status,
    ).toBe(404);
    expect((await ctx.api.request('DELETE', '/api/user/notification?id=999999', { token: player.token })).status).toBe(
      404,
    );
    expect((await list(other.token, 'own')).body).toHaveLength(1);
    expect((await list(player.token, 'mass')).body).toHaveLength(1);

    const deleted = await ctx.api.request('DELETE', `/api/user/notification?id=${own.id}`, { token: player.token });
    expect(deleted.status).toBe(204);
    expect((await list(player.token, 'own')).body).toEqual([]);
    expect(
      (await ctx.api.request('DELETE', `/api/user/notification?id=${own.id}`, { token: player.token })).status,
    ).toBe(404);
  });

  it.each([
    ['GET', '/api/user/notification', 'mode'],
    ['GET', '/api/user/notification?mode=everything', 'mode'],
    ['DELETE', '/api/user/notification', 'id'],
    ['DELETE', '/api/user/notification?id=1%20OR%201=1', 'id'],
    ['DELETE', '/api/user/notification?id=-1', 'id'],
  ])('%s %s is a 400 on %s', async (method, path, field) => {
    const player = await ctx.api.player();
    const res = await ctx.api.request(method, path, { token: player.token });
    expect(res.status).toBe(400);
    expect(res.body[field]).toHaveLength(1);
    expect((await list(player.token, 'own')).body).toHaveLength(1);
  });

  it('broadcasts only true news: no "weekend reload, double points" offer, seeded or from an old seed', async () => {
    const player = await ctx.api.player();
    // A database seeded before the offer was removed, with a player who had read it.
    await ctx.api.db.query(
      `INSERT INTO notifications (seed_key, template, created_at) VALUES ('mass-weekend', 'weekend', $1)`,
      [ctx.api.services.clock().toISOString()],
    );
    await list(player.token, 'set_read');
    await ctx.api.db.query('DELETE FROM schema_migrations WHERE version = 15');

    expect(await migrate(ctx.api.db)).toEqual(['015_remove_weekend_notification.sql']);
    await seed(ctx.api.db, ctx.api.config, ctx.api.services.clock); // a restart seeds again: it must not bring it back
    expect(
      await ctx.api.db.query(`SELECT id FROM notifications WHERE template = 'weekend' OR seed_key = 'mass-weekend'`),
    ).toEqual([]);
    const mass = (await list(player.token, 'mass')).body.map(
      (n: { title: string; body: string }) => `${n.title} ${n.body}`,
    );
    expect(mass).toEqual([
      'New games in the lobby Fresh slots and table games have arrived. Have a look in the lobby.',
    ]);
    expect(mass.join(' ')).not.toMatch(/weekend|double/i);
  });
});
