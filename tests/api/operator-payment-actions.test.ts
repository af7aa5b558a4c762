/**
 * Payments in the back office (issue 43, item 4), through the console's own routes: each deposit
 * keeps the provider's reference; a chargeback is recorded against its deposit (debited through
 * the ledger, withdrawals held, an alert for the risk desk), once; a deposit is refunded to its
 * method, never above the balance. The harness checks after every test that each balance equals
 * the sum of its ledger rows.
 */
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { submitPaymentForm } from './demo-pay-form.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { auditOf, staffMember } from './operator-harness.ts';

const clock = manualClock(new Date('2026-05-04T09:00:00Z'));
const ctx = useTestApi({}, { clock });
const CARD = { method: 'card', destination: '4242 4242 4242 4242' };

/** A verified player with `balance` from a bonus, who then deposited `amount` by card on the demo page. */
async function depositor(amount: string, balance = '0') {
  const player = await ctx.api.player({ verified: true, ...(balance !== '0' ? { balance } : {}) });
  const created = await ctx.api.request('POST', '/api/user/payments/create-payment', {
    token: player.token,
    body: { amount, method: 'card', return_url: '/en/profile/deposit' },
  });
  expect(created.status).toBe(201);
  const paid = await submitPaymentForm(ctx.api, new URL(created.body.redirect_url).pathname, 'confirm');
  expect(paid.status).toBe(303);
  return { ...player, paymentId: created.body.id as string };
}

const paymentOf = async (id: string) =>
  (
    await ctx.api.db.query<{ status: string; provider_reference: string | null }>(
      'SELECT status, provider_reference FROM payments WHERE id = $1',
      [id],
    )
  )[0]!;

const ledgerSum = async (userId: number) =>
  (
    await ctx.api.db.query<{ sum: string }>(
      "SELECT COALESCE(sum(amount), 0)::numeric(14,2)::text AS sum FROM ledger WHERE user_id = $1 AND account = 'cash'",
      [userId],
    )
  )[0]!.sum;

const withdraw = (token: string, amount: string) =>
  ctx.api.request('POST', '/api/user/withdrawal', { token, body: { amount, ...CARD } });

describe('provider reference', () => {
  it('a completed deposit keeps the provider’s reference, shown on the player page and payments list', async () => {
    const player = await depositor('30.00');
    const { status, provider_reference } = await paymentOf(player.paymentId);
    expect(status).toBe('completed');
    expect(provider_reference).toMatch(/^DEMO-[0-9A-F]{16}$/);
    const admin = await staffMember(ctx.api, 'admin');
    const page = await admin.client.get(`/operator/players/${player.id}`);
    const row = new RegExp(`<tr data-deposit="${player.paymentId}">([\\s\\S]*?)</tr>`).exec(page.text)?.[1] ?? '';
    expect(row).toContain(`<td data-reference>${provider_reference}</td>`);
    expect(row).toContain('<td data-deposit-status>completed</td>');
    const list = await admin.client.get('/operator/payments');
    const listed = new RegExp(`<tr data-payment="${player.paymentId}">([\\s\\S]*?)</tr>`).exec(list.text)?.[1] ?? '';
    expect(listed).toContain(`<td data-reference>${provider_reference}</td>`);
  });
});

describe('chargeback', () => {
  it('charges the deposit back, debits it through the ledger, holds withdrawals and alerts the risk desk', async () => {
    const player = await depositor('80.00', '20.00');
    // A withdrawal asked for before the chargeback: it stays pending and cannot be approved.
    const before = await withdraw(player.token, '10.00');
    expect(before.status).toBe(201);
    expect(await balanceOf(ctx.api, player.id)).toBe('90.00');
    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get(`/operator/players/${player.id}`);
    const reply = await admin.client.post(`/operator/payments/${player.paymentId}/chargeback`, {
      reason: 'Bank chargeback CB-1',
    });
    expect(reply.status, reply.text).toBe(303);
    expect(reply.location).toBe(`/operator/players/${player.id}?done=charged_back`);

    expect((await paymentOf(player.paymentId)).status).toBe('charged_back');
    expect(await balanceOf(ctx.api, player.id)).toBe('10.00');
    expect(await ledgerSum(player.id)).toBe('10.00');
    const [reversal] = await ctx.api.db.query<{ kind: string; amount: string; recovered: string }>(
      'SELECT kind, amount::text, recovered::text FROM payment_reversals WHERE payment_id = $1',
      [player.paymentId],
    );
    expect(reversal).toEqual({ kind: 'chargeback', amount: '80.00', recovered: '80.00' });
    const [alert] = await ctx.api.db.query<{ rule_id: string; severity: string; evidence: Record<string, unknown> }>(
      "SELECT rule_id, severity, evidence FROM risk_alerts WHERE user_id = $1 AND state <> 'resolved'",
      [player.id],
    );
    expect(alert).toMatchObject({
      rule_id: 'payment.chargeback',
      severity: 'high',
      evidence: { payment_id: player.paymentId, amount: '80.00', recovered: '80.00', owed: '0.00' },
    });
    const [audited] = (await auditOf(ctx.api, 'player', player.id)).filter(
      (row) => row.action === 'payment.chargeback',
    );
    expect(audited?.before).toMatchObject({ status: 'completed', balance: '90.00' });
    expect(audited?.after).toMatchObject({ status: 'charged_back', balance: '10.00', reason: 'Bank chargeback CB-1' });

    // The player's history has the debit, in the player's language.
    const history = await ctx.api.request('GET', '/api/user/history?type=deposit', { token: player.token });
    expect(history.body.results[0]).toMatchObject({
      amount: '-80.00',
      description: 'Deposit by Bank card charged back',
    });

    // New withdrawals are refused with the reason; the pending one cannot be approved (even with a risk reason).
    const refused = await withdraw(player.token, '10.00');
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(
      'Withdrawals from your account are on hold while we look into a reversed payment. Please contact support.',
    );
    await admin.client.get('/operator/withdrawals');
    const approve = await admin.client.post(`/operator/withdrawals/${before.body.id}/approve`, {
      payout_reference: 'PAY-9',
      confirm: 'yes',
      risk_reason: 'checked',
    });
    expect(approve.status).toBe(409);
    expect(approve.text).toContain('withdrawals are held after a chargeback');
    const [pending] = await ctx.api.db.query<{ status: string }>('SELECT status FROM transactions WHERE id = $1', [
      before.body.id,
    ]);
    expect(pending!.status).toBe('pending');
    // With the alert resolved but the hold kept, a bulk approval skips it as held.
    await ctx.api.db.query("UPDATE risk_alerts SET state = 'resolved' WHERE user_id = $1", [player.id]);
    await admin.client.get('/operator/withdrawals');
    const bulk = await admin.client.post('/operator/withdrawals/bulk-approve', {
      id: String(before.body.id),
      batch_reference: 'B-HELD',
      confirm: 'yes',
    });
    expect(bulk.location).toBe('/operator/withdrawals?bulk=0-0-0-0-1');
    expect((await admin.client.get(bulk.location!)).text).toContain(
      '1 skipped: the player&#39;s withdrawals are held after a chargeback.',
    );

    // A second chargeback of the same deposit is refused; nothing moves.
    await admin.client.get(`/operator/players/${player.id}`);
    const again = await admin.client.post(`/operator/payments/${player.paymentId}/chargeback`, { reason: 'again' });
    expect(again.status).toBe(409);
    expect(again.text).toContain('This deposit was already charged back or refunded.');
    expect(await balanceOf(ctx.api, player.id)).toBe('10.00');

    // Once an admin releases the hold, withdrawals go again.
    const page = await admin.client.get(`/operator/players/${player.id}`);
    expect(page.text).toContain('data-withdrawals-held');
    const released = await admin.client.post(`/operator/players/${player.id}/withdrawals/release`, {
      reason: 'Risk desk cleared it',
    });
    expect(released.location).toBe(`/operator/players/${player.id}?done=hold_released`);
    expect((await withdraw(player.token, '10.00')).status).toBe(201);
  });

  it('takes only what the balance holds (never below zero) and records the rest as owed', async () => {
    const player = await depositor('50.00');
    await ctx.api.request('POST', '/api/user/withdrawal', { token: player.token, body: { amount: '35.00', ...CARD } });
    expect(await balanceOf(ctx.api, player.id)).toBe('15.00');
    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get(`/operator/players/${player.id}`);
    const reply = await admin.client.post(`/operator/payments/${player.paymentId}/chargeback`, { reason: 'CB-2' });
    expect(reply.status, reply.text).toBe(303);
    expect(await balanceOf(ctx.api, player.id)).toBe('0.00');
    expect(await ledgerSum(player.id)).toBe('0.00');
    const [alert] = await ctx.api.db.query<{ evidence: Record<string, unknown> }>(
      "SELECT evidence FROM risk_alerts WHERE user_id = $1 AND rule_id = 'payment.chargeback'",
      [player.id],
    );
    expect(alert!.evidence).toMatchObject({ amount: '50.00', recovered: '15.00', owed: '35.00' });
  });

  it('parallel chargebacks of one deposit settle once', async () => {
    const player = await depositor('40.00', '100.00');
    const admin = await staffMember(ctx.api, 'admin');
    const other = await staffMember(ctx.api, 'admin');
    await admin.client.get(`/operator/players/${player.id}`);
    await other.client.get(`/operator/players/${player.id}`);
    const replies = await Promise.all(
      [admin, other, admin, other].map((member, n) =>
        member.client.post(`/operator/payments/${player.paymentId}/chargeback`, { reason: `parallel ${n}` }),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([303, 409, 409, 409]);
    expect(await balanceOf(ctx.api, player.id)).toBe('100.00');
    expect(await ledgerSum(player.id)).toBe('100.00');
    const reversals = await ctx.api.db.query('SELECT 1 FROM payment_reversals WHERE payment_id = $1', [
      player.paymentId,
    ]);
    expect(reversals).toHaveLength(1);
  });
});

describe('refund to the deposit’s method', () => {
  it('debits the balance and marks the deposit refunded; refused above the balance', async () => {
    const rich = await depositor('25.00', '5.00');
    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get(`/operator/players/${rich.id}`);
    const reply = await admin.client.post(`/operator/payments/${rich.paymentId}/refund`, { reason: 'Asked for it' });
    expect(reply.location, reply.text).toBe(`/operator/players/${rich.id}?done=refunded`);
    expect((await paymentOf(rich.paymentId)).status).toBe('refunded');
    expect(await balanceOf(ctx.api, rich.id)).toBe('5.00');
    expect(await ledgerSum(rich.id)).toBe('5.00');
    const history = await ctx.api.request('GET', '/api/user/history?type=deposit', { token: rich.token });
    expect(history.body.results[0]).toMatchObject({ amount: '-25.00', description: 'Deposit by Bank card refunded' });
    const twice = await admin.client.post(`/operator/payments/${rich.paymentId}/refund`, { reason: 'again' });
    expect(twice.status).toBe(409);

    const poor = await depositor('60.00');
    await withdraw(poor.token, '20.00');
    await admin.client.get(`/operator/players/${poor.id}`);
    const above = await admin.client.post(`/operator/payments/${poor.paymentId}/refund`, { reason: 'Asked for it' });
    expect(above.status).toBe(409);
    expect(above.text).toContain('does not cover this refund');
    expect((await paymentOf(poor.paymentId)).status).toBe('completed');
    expect(await balanceOf(ctx.api, poor.id)).toBe('40.00');
    expect(await ctx.api.db.query('SELECT 1 FROM payment_reversals WHERE payment_id = $1', [poor.paymentId])).toEqual(
      [],
    );
  });
});

describe('permissions', () => {
  it('support may not charge back or refund, and a post without the form token is refused', async () => {
    const player = await depositor('15.00');
    const support = await staffMember(ctx.api, 'support');
    await support.client.get(`/operator/players/${player.id}`);
    for (const path of ['chargeback', 'refund'])
      expect(
        (await support.client.post(`/operator/payments/${player.paymentId}/${path}`, { reason: 'x' })).status,
      ).toBe(403);
    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get(`/operator/players/${player.id}`);
    const forged = await admin.client.post(
      `/operator/payments/${player.paymentId}/chargeback`,
      { reason: 'x' },
      { csrf: 'not-the-token' },
    );
    expect(forged.status).toBe(403);
    expect((await paymentOf(player.paymentId)).status).toBe('completed');
    expect(await balanceOf(ctx.api, player.id)).toBe('15.00');
  });
});
