import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { raiseAlert } from '../../server/src/services/risk/risk-alert-raise.ts';
import { useTestApi } from './harness.ts';
import { auditOf, cardWithdrawal, staffMember } from './operator-harness.ts';

const clock = manualClock();
const ctx = useTestApi({ RISK_SLA_HOURS_HIGH: '24' }, { clock });

async function highAlert(options: { balance?: string; verified?: boolean } = {}) {
  const player = await ctx.api.player(options);
  await ctx.api.db.transaction((tx) =>
    raiseAlert(tx, { userId: player.id, ruleId: 'aml.cycling', evidence: { cycles: [] }, now: clock() }),
  );
  const [row] = await ctx.api.db.query<{ id: number }>('SELECT id FROM risk_alerts WHERE user_id = $1', [player.id]);
  return { player, id: row!.id };
}
const stateOf = async (id: number) =>
  (
    await ctx.api.db.query<{ state: string; outcome: string | null }>(
      'SELECT state, outcome FROM risk_alerts WHERE id = $1',
      [id],
    )
  )[0];

describe('the risk alerts queue', () => {
  it('lets risk staff assign, note, resolve and reopen, each audited, with the SLA clock', async () => {
    const { player, id } = await highAlert();
    clock.advance(30 * 3600);
    const risk = await staffMember(ctx.api, 'risk');
    const queue = await risk.client.get('/operator/risk/alerts?severity=high');
    expect(queue.status).toBe(200);
    expect(queue.text).toContain(`data-alert="${id}"`);
    expect(queue.text).toContain('SLA missed by 6 h');
    expect(queue.text).toContain(`/operator/players/${player.id}`);
    expect((await risk.client.get('/operator/risk/alerts?severity=low')).text).not.toContain(`data-alert="${id}"`);

    await risk.client.get(`/operator/risk/alerts/${id}`);
    expect((await risk.client.post(`/operator/risk/alerts/${id}/assign`)).status).toBe(303);
    expect(await stateOf(id)).toEqual({ state: 'assigned', outcome: null });
    await risk.client.post(`/operator/risk/alerts/${id}/notes`, { body: 'Called the player <b>today</b>' });
    const resolved = await risk.client.post(`/operator/risk/alerts/${id}/resolve`, { outcome: 'interaction_made' });
    expect(resolved.location).toBe(`/operator/risk/alerts/${id}?done=resolved`);
    expect(await stateOf(id)).toEqual({ state: 'resolved', outcome: 'interaction_made' });
    const detail = await risk.client.get(resolved.location!);
    expect(detail.text).toContain('Called the player &lt;b&gt;today&lt;/b&gt;');
    // Resolving twice is refused; reopening brings it back.
    expect((await risk.client.post(`/operator/risk/alerts/${id}/resolve`, { outcome: 'no_action' })).status).toBe(409);
    expect((await risk.client.post(`/operator/risk/alerts/${id}/reopen`)).status).toBe(303);
    expect(await stateOf(id)).toEqual({ state: 'open', outcome: null });
    const profile = await risk.client.get(`/operator/players/${player.id}`);
    expect(profile.text).toContain(`<a href="/operator/risk/alerts/${id}">`);
    const actions = (await auditOf(ctx.api, 'risk_alert', id)).map((row) => row.action);
    expect(actions).toEqual(['risk_alert.assign', 'risk_alert.note', 'risk_alert.resolve', 'risk_alert.reopen']);
  });

  it('shows support the alert but refuses its actions (403) and changes nothing', async () => {
    const { id } = await highAlert();
    const support = await staffMember(ctx.api, 'support');
    const detail = await support.client.get(`/operator/risk/alerts/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.text).not.toContain(`/operator/risk/alerts/${id}/resolve`);
    for (const [action, fields] of [
      ['assign', {}],
      ['notes', { body: 'x' }],
      ['resolve', { outcome: 'no_action' }],
    ] as const)
      expect((await support.client.post(`/operator/risk/alerts/${id}/${action}`, fields)).status).toBe(403);
    expect(await stateOf(id)).toEqual({ state: 'open', outcome: null });
    expect(await auditOf(ctx.api, 'risk_alert', id)).toEqual([]);
  });
});

describe('a withdrawal of a player with an open high alert', () => {
  it('shows a risk badge and is approved only with a reason, which the audit keeps', async () => {
    const { player, id } = await highAlert({ balance: '50.00', verified: true });
    const withdrawal = await cardWithdrawal(ctx.api, player, '20.00');
    const admin = await staffMember(ctx.api, 'admin');
    const queue = await admin.client.get('/operator/withdrawals');
    expect(queue.text).toContain(
      '<a class="flag" data-flag="risk" href="/operator/risk/alerts?state=unresolved">risk ×1 (high)</a>',
    );
    expect(queue.text).toContain('<dt>1 open risk alerts</dt><dd>high risk alert open</dd>');
    expect(queue.text).toContain(`id="risk-reason-${withdrawal}"`);
    const paid = { payout_reference: 'PAY-9', confirm: 'yes' };
    const refused = await admin.client.post(`/operator/withdrawals/${withdrawal}/approve`, paid);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('give a reason to approve the withdrawal');
    // Bulk approval skips it rather than approving it without a reason.
    const bulk = await admin.client.post('/operator/withdrawals/bulk-approve', {
      id: String(withdrawal),
      batch_reference: 'BATCH-1',
      confirm: 'yes',
    });
    expect(bulk.location).toBe('/operator/withdrawals?bulk=0-0-0-1-0');
    expect((await admin.client.get(bulk.location!)).text).toContain(
      '1 skipped: the player has an open high risk alert',
    );
    expect(await auditOf(ctx.api, 'withdrawal', withdrawal)).toEqual([]);
    const reason = 'Source of funds seen: salary slips';
    const approved = await admin.client.post(`/operator/withdrawals/${withdrawal}/approve`, {
      ...paid,
      risk_reason: reason,
    });
    expect(approved.status).toBe(303);
    const [row] = await auditOf(ctx.api, 'withdrawal', withdrawal);
    expect(row).toMatchObject({ action: 'withdrawal.approve', after: { risk_reason: reason } });
    // Once the alert is resolved, no reason is asked.
    await ctx.api.db.query(`UPDATE risk_alerts SET state = 'resolved', outcome = 'no_action' WHERE id = $1`, [id]);
    const next = await cardWithdrawal(ctx.api, player, '10.00');
    expect((await admin.client.post(`/operator/withdrawals/${next}/approve`, paid)).status).toBe(303);
  });
});
