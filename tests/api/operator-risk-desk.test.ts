import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { raiseAlert } from '../../server/src/services/risk/risk-alert-raise.ts';
import { depositByCard } from './fixtures/player-money.ts';
import { useTestApi } from './harness.ts';
import { auditOf, staffMember } from './operator-harness.ts';

const clock = manualClock();
const ctx = useTestApi({}, { clock });

async function alertOn(ruleId: 'aml.cycling' | 'aml.structuring', evidence: Record<string, unknown> = {}) {
  const player = await ctx.api.player();
  await ctx.api.db.transaction((tx) => raiseAlert(tx, { userId: player.id, ruleId, evidence, now: clock() }));
  const [row] = await ctx.api.db.query<{ id: number }>(
    'SELECT id FROM risk_alerts WHERE user_id = $1 AND rule_id = $2',
    [player.id, ruleId],
  );
  return { player, id: row!.id };
}

describe('a customer interaction recorded from an alert', () => {
  it('is the player’s interaction, shown on the alert, audited, and the resolution points to it', async () => {
    const { player, id } = await alertOn('aml.cycling');
    const risk = await staffMember(ctx.api, 'risk');
    await risk.client.get(`/operator/risk/alerts/${id}`);
    const note = 'Phoned: deposits are <i>salary</i>, agreed a deposit limit';
    const recorded = await risk.client.post(`/operator/risk/alerts/${id}/interactions`, { kind: 'phone', note });
    expect(recorded.status).toBe(303);
    expect(recorded.location).toBe(`/operator/risk/alerts/${id}?done=interaction`);
    const [interaction] = await ctx.api.db.query<{ id: number; user_id: number; alert_id: number; kind: string }>(
      'SELECT id, user_id, alert_id, kind FROM rg_interactions WHERE alert_id = $1',
      [id],
    );
    expect(interaction).toMatchObject({ user_id: player.id, alert_id: id, kind: 'phone' });
    const detail = await risk.client.get(recorded.location!);
    expect(detail.text).toContain('Interaction recorded with the player and on this alert.');
    expect(detail.text).toContain('Phoned: deposits are &lt;i&gt;salary&lt;/i&gt;');
    // The player page lists it with the player's other interactions.
    expect((await risk.client.get(`/operator/players/${player.id}`)).text).toContain('Phoned: deposits are');

    await risk.client.post(`/operator/risk/alerts/${id}/resolve`, { outcome: 'interaction_made' });
    const [alert] = await ctx.api.db.query<{ interaction_id: number }>(
      'SELECT interaction_id FROM risk_alerts WHERE id = $1',
      [id],
    );
    expect(alert!.interaction_id).toBe(interaction!.id);
    expect((await risk.client.get(`/operator/risk/alerts/${id}`)).text).toContain(
      'the resolution refers to this interaction',
    );
    const audit = await auditOf(ctx.api, 'risk_alert', id);
    expect(audit.map((row) => row.action)).toEqual(['risk_alert.interaction', 'risk_alert.resolve']);
    expect(audit[0]).toMatchObject({ after: { interaction_id: interaction!.id, kind: 'phone', note } });
    expect(audit[1]).toMatchObject({ after: { outcome: 'interaction_made', interaction_id: interaction!.id } });
  });

  it('refuses a kind not in the list, an empty note, bidi characters, support, and an unknown alert', async () => {
    const { id } = await alertOn('aml.cycling');
    const risk = await staffMember(ctx.api, 'risk');
    await risk.client.get(`/operator/risk/alerts/${id}`);
    const post = (fields: Record<string, string>) =>
      risk.client.post(`/operator/risk/alerts/${id}/interactions`, fields);
    expect((await post({ kind: 'telepathy', note: 'x' })).status).toBe(400);
    expect((await post({ kind: 'phone', note: '' })).status).toBe(400);
    expect((await post({ kind: 'phone', note: 'evil\u202Etxt' })).status).toBe(400);
    expect(
      (await risk.client.post('/operator/risk/alerts/999999/interactions', { kind: 'phone', note: 'x' })).status,
    ).toBe(404);
    const support = await staffMember(ctx.api, 'support');
    await support.client.get(`/operator/risk/alerts/${id}`);
    const refused = await support.client.post(`/operator/risk/alerts/${id}/interactions`, { kind: 'chat', note: 'x' });
    expect(refused.status).toBe(403);
    const [count] = await ctx.api.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM rg_interactions WHERE alert_id = $1',
      [id],
    );
    expect(count!.n).toBe(0);
    expect(await auditOf(ctx.api, 'risk_alert', id)).toEqual([]);
  });
});

describe('the queue as CSV', () => {
  it('applies the filters, is private, quotes the evidence, open to every role', async () => {
    const cycling = await alertOn('aml.cycling', { note: '=HYPERLINK("x")' });
    clock.advance(60);
    const structuring = await alertOn('aml.structuring');
    const support = await staffMember(ctx.api, 'support');
    const all = await support.client.get('/operator/risk/alerts.csv?state=unresolved');
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(all.headers.get('cache-control')).toBe('no-store');
    const lines = all.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,raised_utc,severity,rule,state,player_id,username,email,assignee,outcome,resolved_utc,evidence',
    );
    const ids = lines.slice(1).map((line) => Number(line.split(',')[0]));
    // Newest first.
    expect(ids.indexOf(structuring.id)).toBeLessThan(ids.indexOf(cycling.id));
    expect(ids.indexOf(cycling.id)).toBeGreaterThanOrEqual(0);
    const cyclingLine = lines.find((line) => line.startsWith(`${cycling.id},`))!;
    expect(cyclingLine).toContain(`,high,aml.cycling,open,${cycling.player.id},`);
    expect(cyclingLine).toContain('"{""note"":""=HYPERLINK(\\""x\\"")""}"');

    const high = await support.client.get('/operator/risk/alerts.csv?severity=high&rule=aml.cycling');
    const highIds = high.text
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => Number(line.split(',')[0]));
    expect(highIds).toContain(cycling.id);
    expect(highIds).not.toContain(structuring.id);
    const resolved = await support.client.get('/operator/risk/alerts.csv?state=resolved');
    expect(resolved.text).not.toContain(`\r\n${cycling.id},`);
    // The queue page links its CSV with the same filters.
    const queue = await support.client.get('/operator/risk/alerts?severity=high&rule=aml.cycling&state=open');
    expect(queue.text).toContain('href="/operator/risk/alerts.csv?state=open&amp;severity=high&amp;rule=aml.cycling"');
  });

  it('is refused without a console session', async () => {
    const response = await ctx.api.app.request('/operator/risk/alerts.csv');
    expect([302, 303, 401]).toContain(response.status);
    expect(await response.text()).not.toContain('raised_utc');
  });
});

describe('the risk panel on the player page', () => {
  const passport = (seed: number) => {
    const bytes = new Uint8Array(64);
    bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, seed, 0x42]);
    const form = new FormData();
    form.append('document_type', 'passport');
    form.append('front', new File([bytes], 'passport.jpg', { type: 'image/jpeg' }));
    return form;
  };

  it('shows the open alerts, accounts sharing a document by link type, money, interactions', async () => {
    const { player, id } = await alertOn('aml.cycling');
    const [twin, stranger] = await Promise.all([ctx.api.player(), ctx.api.player()]);
    for (const [who, seed] of [
      [player, 91],
      [twin, 91],
      [stranger, 92],
    ] as const)
      expect(
        (await ctx.api.request('POST', '/api/user/verification', { token: who.token, form: passport(seed) })).status,
      ).toBe(201);
    await depositByCard(ctx.api, player, '120.50');
    const risk = await staffMember(ctx.api, 'risk');
    await risk.client.get(`/operator/risk/alerts/${id}`);
    await risk.client.post(`/operator/risk/alerts/${id}/interactions`, {
      kind: 'email',
      note: 'Asked about the deposits',
    });
    const page = (await risk.client.get(`/operator/players/${player.id}`)).text;
    const panel = page.slice(page.indexOf('data-risk-panel'));
    expect(panel).toContain(`<a href="/operator/risk/alerts/${id}">`);
    expect(panel).toContain(`<li data-link="document"><a href="/operator/players/${twin.id}">`);
    expect(panel).toContain('same identity document');
    expect(panel).not.toContain(`/operator/players/${stranger.id}"`);
    expect(panel).toMatch(/data-risk-figure="deposits">[^<]*120\.50/);
    expect(panel).toMatch(/data-risk-figure="net">[^<]*120\.50/);
    expect(panel).toContain('Asked about the deposits');
    // The twin's panel links back, and a player with nothing shows that plainly.
    expect((await risk.client.get(`/operator/players/${twin.id}`)).text).toContain(
      `<li data-link="document"><a href="/operator/players/${player.id}">`,
    );
    const quiet = (await risk.client.get(`/operator/players/${stranger.id}`)).text;
    expect(quiet).toContain('No open risk alerts.');
    expect(quiet).toContain('No linked accounts found.');
  });
});
