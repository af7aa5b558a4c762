import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { depositByCard } from './fixtures/player-money.ts';
import { useTestApi } from './harness.ts';
import { auditOf, mailTo, staffMember } from './operator-harness.ts';

const clock = manualClock();
const ctx = useTestApi({ RISK_SOF_WITHDRAWAL_THRESHOLD: '100.00', RISK_DEPOSITS_30D: '300.00' }, { clock });

const withdraw = (player: { token: string }, amount: string, language = 'en') =>
  ctx.api.request('POST', '/api/user/withdrawal', {
    token: player.token,
    body: { amount, method: 'card', destination: '4242424242424242' },
    headers: { 'accept-language': language },
  });

describe('a source-of-funds request', () => {
  it('tells the player in their language, holds withdrawals above the threshold until reviewed, audited', async () => {
    const player = await ctx.api.player({ balance: '500.00', verified: true });
    await ctx.api.db.query(`UPDATE users SET locale = 'de' WHERE id = $1`, [player.id]);
    const risk = await staffMember(ctx.api, 'risk');
    await risk.client.get(`/operator/players/${player.id}`);
    const requested = await risk.client.post(`/operator/players/${player.id}/source-of-funds`);
    expect(requested.status).toBe(303);
    expect(requested.location).toBe(`/operator/players/${player.id}?done=sof_requested`);
    // A second request while the first waits changes nothing.
    expect((await risk.client.post(`/operator/players/${player.id}/source-of-funds`)).status).toBe(409);

    const mail = (await mailTo(ctx.api, player.email)).find((sent) => sent.subject?.startsWith('Bitte sagen Sie'));
    expect(mail!.subject).toBe('Bitte sagen Sie uns, woher Ihr Geld stammt');
    expect(mail!.text).toMatch(/warten Auszahlungen über 100,00\s€/);
    expect(mail!.text).toContain('auf Ihrer Profilseite hochladen');
    const notes = await ctx.api.request('GET', '/api/user/notification?mode=own', {
      token: player.token,
      headers: { 'accept-language': 'de' },
    });
    expect(JSON.stringify(notes.body)).toContain('Nachweis der Mittelherkunft nötig');
    expect(JSON.stringify(notes.body)).toMatch(/warten Auszahlungen über 100,00\s€/);

    const refused = await withdraw(player, '100.01', 'de');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/Auszahlungen über 100,00\s?€ warten/);
    // At the threshold or below, withdrawals go on as usual.
    expect((await withdraw(player, '100.00')).status).toBe(201);

    const page = (await risk.client.get(`/operator/players/${player.id}`)).text;
    expect(page).toContain('data-sof="requested"');
    const reviewed = await risk.client.post(`/operator/players/${player.id}/source-of-funds/review`, {
      reason: 'Payslips for six months seen',
    });
    expect(reviewed.status).toBe(303);
    expect((await risk.client.get(reviewed.location!)).text).toContain('data-sof="reviewed"');
    expect((await withdraw(player, '150.00')).status).toBe(201);
    // Nothing waits for review now.
    expect(
      (await risk.client.post(`/operator/players/${player.id}/source-of-funds/review`, { reason: 'again' })).status,
    ).toBe(409);
    const audit = await auditOf(ctx.api, 'player', player.id);
    expect(audit.map((row) => row.action)).toEqual(['source_of_funds.request', 'source_of_funds.review']);
    expect(audit[1]).toMatchObject({ after: { state: 'reviewed', note: 'Payslips for six months seen' } });
  });

  it('is refused to support, and a review needs its note', async () => {
    const player = await ctx.api.player();
    const support = await staffMember(ctx.api, 'support');
    await support.client.get(`/operator/players/${player.id}`);
    expect((await support.client.post(`/operator/players/${player.id}/source-of-funds`)).status).toBe(403);
    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get(`/operator/players/${player.id}`);
    expect((await admin.client.post(`/operator/players/${player.id}/source-of-funds`)).status).toBe(303);
    expect((await admin.client.post(`/operator/players/${player.id}/source-of-funds/review`, {})).status).toBe(400);
    expect(
      (await support.client.post(`/operator/players/${player.id}/source-of-funds/review`, { reason: 'x' })).status,
    ).toBe(403);
    const [row] = await ctx.api.db.query<{ state: string }>(
      'SELECT state FROM source_of_funds_requests WHERE user_id = $1',
      [player.id],
    );
    expect(row!.state).toBe('requested');
    expect((await admin.client.post('/operator/players/999999/source-of-funds')).status).toBe(404);
  });

  it('once reviewed, stops aml.deposits_no_sof; a player without a review is still flagged', async () => {
    const [reviewed, unreviewed] = await Promise.all([ctx.api.player(), ctx.api.player()]);
    const risk = await staffMember(ctx.api, 'risk');
    await risk.client.get(`/operator/players/${reviewed.id}`);
    await risk.client.post(`/operator/players/${reviewed.id}/source-of-funds`);
    // Requested but not yet reviewed: the rule still fires.
    await depositByCard(ctx.api, unreviewed, '300.00');
    await risk.client.post(`/operator/players/${reviewed.id}/source-of-funds/review`, { reason: 'Bank statements' });
    await depositByCard(ctx.api, reviewed, '300.00');
    const rules = async (userId: number) =>
      (await ctx.api.db.query<{ rule_id: string }>('SELECT rule_id FROM risk_alerts WHERE user_id = $1', [userId])).map(
        (row) => row.rule_id,
      );
    expect(await rules(unreviewed.id)).toContain('aml.deposits_no_sof');
    expect(await rules(reviewed.id)).not.toContain('aml.deposits_no_sof');
  });
});
