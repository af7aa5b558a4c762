import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';
import { auditOf, staffMember } from './operator-harness.ts';

const clock = manualClock(new Date('2026-08-03T10:00:00Z'));
const ctx = useTestApi({}, { clock });
const mass = async (token: string) =>
  (await ctx.api.request('GET', '/api/user/notification?mode=mass', { token })).body as {
    id: number;
    title: string;
    body: string;
    created_at: string;
  }[];

describe('news: edit, unpublish, schedule', () => {
  it('an edit changes what players read; unpublishing hides it; both audited before → after', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const player = await ctx.api.player();
    await admin.client.get('/operator/news');
    const published = await admin.client.post('/operator/news/publish', {
      title_en: 'Autumn cup',
      body_en: 'Starts Friday.',
    });
    const id = Number(/published=(\d+)/.exec(published.location!)![1]);
    const list = await admin.client.get('/operator/news');
    expect(list.text).toContain(
      `<tr data-news="${id}"><td>Autumn cup</td><td data-state>published 2026-08-03 10:00 UTC</td>`,
    );

    const form = await admin.client.get(`/operator/news/${id}/edit`);
    expect(form.text).toContain('value="Autumn cup"');
    clock.advance(60);
    const saved = await admin.client.post(`/operator/news/${id}/edit`, {
      title_en: 'Autumn cup (moved)',
      body_en: 'Starts Saturday.',
    });
    expect(saved.location).toBe(`/operator/news?edited=${id}`);
    expect((await mass(player.token)).find((item) => item.id === id)).toMatchObject({
      title: 'Autumn cup (moved)',
      body: 'Starts Saturday.',
    });
    expect((await admin.client.post(`/operator/news/${id}/edit`, { title_en: '', body_en: 'x' })).status).toBe(400);

    expect((await admin.client.post(`/operator/news/${id}/unpublish`)).status).toBe(400); // no confirmation
    expect((await admin.client.post(`/operator/news/${id}/unpublish`, { confirm: 'yes' })).location).toBe(
      `/operator/news?unpublished=${id}`,
    );
    expect((await mass(player.token)).some((item) => item.id === id)).toBe(false);
    expect((await admin.client.post(`/operator/news/${id}/unpublish`, { confirm: 'yes' })).status).toBe(409);
    expect((await admin.client.post(`/operator/news/${id}/edit`, { title_en: 'Again', body_en: 'x' })).status).toBe(
      409,
    );
    expect((await admin.client.get('/operator/news/999999/edit')).status).toBe(404);

    expect(
      (await auditOf(ctx.api, 'notification', id)).map(({ action, before, after }) => ({ action, before, after })),
    ).toEqual([
      {
        action: 'news.publish',
        before: null,
        after: { title_en: 'Autumn cup', body_en: 'Starts Friday.', english_fallback: expect.any(Array) },
      },
      {
        action: 'news.edit',
        before: { title_en: 'Autumn cup', body_en: 'Starts Friday.', publish_at: null },
        after: { title_en: 'Autumn cup (moved)', body_en: 'Starts Saturday.', publish_at: null },
      },
      { action: 'news.unpublish', before: { published: true }, after: { published: false } },
    ]);
  });

  it('a scheduled item reaches players only from its time on; support may not manage news (403)', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const player = await ctx.api.player();
    await admin.client.get('/operator/news');
    expect(
      (
        await admin.client.post('/operator/news/publish', {
          title_en: 'Later',
          body_en: 'Soon.',
          publish_at: '2026-08-03 12:00',
        })
      ).status,
    ).toBe(400);
    const scheduled = await admin.client.post('/operator/news/publish', {
      title_en: 'Night race',
      body_en: 'Tonight at nine.',
      publish_at: '2026-08-03T21:00',
    });
    const id = Number(/published=(\d+)/.exec(scheduled.location!)![1]);
    expect((await mass(player.token)).some((item) => item.id === id)).toBe(false);
    expect((await admin.client.get('/operator/news')).text).toContain(
      `<td data-state>scheduled for 2026-08-03 21:00 UTC</td>`,
    );
    const [entry] = await auditOf(ctx.api, 'notification', id);
    expect(entry).toMatchObject({ action: 'news.schedule', after: { publish_at: '2026-08-03T21:00:00.000Z' } });
    clock.advance(11 * 3600); // 21:00:xx
    const seen = (await mass(player.token)).find((item) => item.id === id);
    expect(seen).toMatchObject({ title: 'Night race', created_at: '2026-08-03T21:00:00.000Z' });

    const support = await staffMember(ctx.api, 'support');
    expect((await support.client.post(`/operator/news/${id}/unpublish`, { confirm: 'yes' })).status).toBe(403);
    expect((await support.client.get(`/operator/news/${id}/edit`)).status).toBe(403);
  });
});
