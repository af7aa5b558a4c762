import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';
import { ConsoleClient, auditOf, cardWithdrawal, staffMember } from './operator-harness.ts';

const clock = manualClock(new Date('2026-03-02T10:00:00Z'));
const ctx = useTestApi({}, { clock });

const mass = async (token: string, language: string) =>
  (
    await ctx.api.request('GET', '/api/user/notification?mode=mass', {
      token,
      headers: { 'accept-language': language },
    })
  ).body as { id: number; title: string; body: string }[];

describe('player lookup', () => {
  it('finds a player by email or username: balance, history, limits, blocks, sessions, KYC, notes', async () => {
    const player = await ctx.api.player({ balance: '80.00', verified: true });
    await ctx.api.request('PATCH', '/api/user/responsible-gaming', {
      token: player.token,
      body: { loss_limits: { week: '30.00' } },
    });
    await cardWithdrawal(ctx.api, player, '15.00');
    await ctx.api.db.query(
      'INSERT INTO identity_verifications (id, user_id, document_type, status, reason, submitted_at) ' +
        "VALUES (gen_random_uuid(), $1, 'passport', 'rejected', 'Expired passport', $2::timestamptz + " +
        "interval '1 second')",
      [player.id, ctx.api.services.clock().toISOString()],
    );
    const support = await staffMember(ctx.api, 'support');
    for (const query of [player.email, player.username.toUpperCase()]) {
      const found = await support.client.get(`/operator/players?q=${encodeURIComponent(query)}`);
      expect(found.location, query).toBe(`/operator/players/${player.id}`);
    }
    const partial = await support.client.get(`/operator/players?q=${encodeURIComponent(player.username.slice(0, 8))}`);
    expect(partial.text).toContain(`/operator/players/${player.id}`);
    const bidi = await support.client.get(`/operator/players?q=${encodeURIComponent('\u202Eevil')}`);
    expect(bidi.status).toBe(400);
    expect(bidi.text).toContain('“Email or username” contains control or direction-changing characters');
    expect((await support.client.get('/operator/audit?target=%00x')).status).toBe(400);
    const none = await support.client.get('/operator/players?q=%3Cnobody%3E');
    expect(none.text).toContain('No player matches “&lt;nobody&gt;”.');
    const page = await support.client.get(`/operator/players/${player.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<dd data-balance>€65.00</dd>');
    expect(page.text).toContain('Withdrawal by Bank card to •••• 4242');
    expect(page.text).toContain('<tr><td>loss</td><td>week</td><td>€30.00</td>');
    expect(page.text).toContain('Expired passport');
    expect(page.text).toMatch(/<h2>Sessions<\/h2>[\s\S]*<th scope="col">Device<\/th>/);
    expect(page.text).toMatch(/<h2>Time-out and self-exclusion<\/h2>/);
  });

  it('support adds notes (only adds); each is escaped as text and audited', async () => {
    const player = await ctx.api.player();
    const support = await staffMember(ctx.api, 'support');
    await support.client.get(`/operator/players/${player.id}`);
    const res = await support.client.post(`/operator/players/${player.id}/notes`, {
      body: 'Asked about <script>alert(1)</script> & limits\nsecond line',
    });
    expect(res.location).toBe(`/operator/players/${player.id}?noted=1`);
    const page = await support.client.get(`/operator/players/${player.id}`);
    expect(page.text).toContain('Asked about &lt;script&gt;alert(1)&lt;/script&gt; &amp; limits\nsecond line');
    expect(page.text).not.toContain('<script>alert(1)');
    expect(await auditOf(ctx.api, 'player', player.id)).toEqual([
      {
        staff_id: support.id,
        action: 'note.add',
        before: null,
        after: { note_id: expect.any(Number), body: 'Asked about <script>alert(1)</script> & limits\nsecond line' },
      },
    ]);
    expect((await support.client.post(`/operator/players/${player.id}/notes`, { body: 'bidi \u2066x' })).status).toBe(
      400,
    );
    expect((await support.client.post('/operator/players/999999/notes', { body: 'nobody' })).status).toBe(404);
    // There is no way to change or delete a note.
    expect((await support.client.post(`/operator/players/${player.id}/notes/1/delete`)).status).toBe(404);
    expect(
      (
        await new ConsoleClient(ctx.api, { authorization: `Token ${player.token}` }).get(
          `/operator/players/${player.id}`,
        )
      ).status,
    ).toBe(403);
  });
});

describe('news for everyone', () => {
  const english = { title_en: 'Spring tournament', body_en: 'Join the spring tournament <b>now</b>.' };
  const german = { title_de: 'Frühlingsturnier', body_de: 'Machen Sie beim Frühlingsturnier mit.' };

  it('preview warns of each language falling back to English; publish reaches players in their language', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get('/operator/news');
    const preview = await admin.client.post('/operator/news/preview', { ...english, ...german });
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('No Français text: Français readers will see the English text.');
    expect(preview.text).not.toContain('No Deutsch text');
    expect(preview.text).toContain('Join the spring tournament &lt;b&gt;now&lt;/b&gt;.');
    expect(preview.text).toContain('<article class="news" lang="de"><h3>Frühlingsturnier</h3>');
    // Preview changes nothing.
    const player = await ctx.api.player();
    expect((await mass(player.token, 'de')).some((item) => item.title === 'Frühlingsturnier')).toBe(false);

    const published = await admin.client.post('/operator/news/publish', { ...english, ...german });
    expect(published.status).toBe(303);
    const id = Number(/published=(\d+)/.exec(published.location!)![1]);
    const inGerman = (await mass(player.token, 'de')).find((item) => item.id === id);
    expect(inGerman).toMatchObject({ title: 'Frühlingsturnier', body: 'Machen Sie beim Frühlingsturnier mit.' });
    const inFrench = (await mass(player.token, 'fr')).find((item) => item.id === id);
    expect(inFrench).toMatchObject({ title: 'Spring tournament', body: 'Join the spring tournament <b>now</b>.' });
    const [entry] = await auditOf(ctx.api, 'notification', id);
    expect(entry).toMatchObject({
      staff_id: admin.id,
      action: 'news.publish',
      before: null,
      after: { ...english, ...german },
    });
    expect(entry!.after.english_fallback).toContain('fr');
  });

  it('English is required, and a language needs a title and a text together', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get('/operator/news');
    expect((await admin.client.post('/operator/news/preview', german)).status).toBe(400);
    const half = await admin.client.post('/operator/news/publish', { ...english, title_ja: '春のトーナメント' });
    expect(half.status).toBe(400);
    expect(half.text).toContain('日本語 has a title without a text');
    const [count] = await ctx.api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM notifications WHERE template = 'news' AND params->>'title_ja' IS NOT NULL",
    );
    expect(count!.n).toBe(0);
  });

  it('self-excluded players never receive it, even after their exclusion ended', async () => {
    const excluded = await ctx.api.player();
    const res = await ctx.api.request('POST', '/api/user/self-exclusion', {
      token: excluded.token,
      body: { period: '6m', password: excluded.password, confirm: true },
    });
    expect(res.status).toBe(200);
    clock.advance(200 * 86_400);
    const again = await ctx.api.request('POST', '/auth/token/login/', {
      body: { email: excluded.email, password: excluded.password },
    });
    expect(again.status).toBe(200);
    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get('/operator/news');
    const published = await admin.client.post('/operator/news/publish', {
      title_en: 'Summer news',
      body_en: 'Hello everyone.',
    });
    const id = Number(/published=(\d+)/.exec(published.location!)![1]);
    const other = await ctx.api.player();
    expect((await mass(other.token, 'en')).some((item) => item.id === id)).toBe(true);
    expect((await mass(again.body.auth_token, 'en')).some((item) => item.id === id)).toBe(false);
  });

  it('support cannot compose, preview or publish (403)', async () => {
    const support = await staffMember(ctx.api, 'support');
    await support.client.get('/operator');
    expect((await support.client.get('/operator/news')).status).toBe(403);
    expect((await support.client.post('/operator/news/preview', english)).status).toBe(403);
    expect((await support.client.post('/operator/news/publish', english)).status).toBe(403);
    const [count] = await ctx.api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM notifications WHERE template = 'news' AND params->>'title_en' = " +
        "'Spring tournament'",
    );
    expect(count!.n).toBeLessThanOrEqual(1);
  });
});

describe('audit log', () => {
  it('lists each staff action (who, what, when, before → after), filterable; offers no way to change one', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const player = await ctx.api.player();
    await admin.client.get(`/operator/players/${player.id}`);
    await admin.client.post(`/operator/players/${player.id}/notes`, { body: 'Audit me' });
    const all = await admin.client.get('/operator/audit');
    expect(all.text).toContain('<th scope="col">Before</th>');
    expect(all.text).toContain('staff.create');
    const filtered = await admin.client.get(
      `/operator/audit?action=note.add&staff=${encodeURIComponent(admin.email)}&target=player:${player.id}`,
    );
    const rows = filtered.text.match(/<tr data-action="[^"]+">/g) ?? [];
    expect(rows).toEqual(['<tr data-action="note.add">']);
    expect(filtered.text).toContain(admin.email);
    expect(filtered.text).toContain('Audit me');
    expect(filtered.text).not.toMatch(/<form method="post" action="\/operator\/audit/);
    for (const method of ['POST', 'DELETE', 'PATCH']) {
      const res = await ctx.api.app.request('/operator/audit', {
        method,
        headers: { cookie: `operator_session=${admin.client.cookies.get('operator_session')}` },
      });
      expect(res.status).toBeGreaterThanOrEqual(403);
    }
    const [count] = await ctx.api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_audit');
    expect(count!.n).toBeGreaterThan(0);
  });
});
