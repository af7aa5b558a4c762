import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { auditOf, mailTo, staffMember } from './operator-harness.ts';

const clock = manualClock(new Date('2026-03-02T10:00:00Z'));
const ctx = useTestApi({}, { clock });
const IBAN = 'DE89 3704 0044 0532 0130 00';

const withdrawalOf = async (userId: number) =>
  (
    await ctx.api.db.query<{
      id: number;
      status: string;
      method: string;
      destination: string | null;
      template: string;
    }>(
      'SELECT id, status, method, destination, template FROM transactions WHERE user_id = $1 AND type = ' +
        "'withdrawal' ORDER BY id DESC LIMIT 1",
      [userId],
    )
  )[0]!;

describe('refunds on self-exclusion', () => {
  it('are their own kind in the queue, never rejected onto the locked account, paid where staff say', async () => {
    const player = await ctx.api.player({ balance: '500.00' });
    const excluded = await ctx.api.request('POST', '/api/user/self-exclusion', {
      token: player.token,
      body: { period: '6m', password: player.password, confirm: true },
    });
    expect(excluded.status).toBe(200);
    const refund = await withdrawalOf(player.id);
    expect(refund).toMatchObject({
      status: 'pending',
      template: 'rg.returned_on_self_exclusion',
      method: 'bank_transfer',
      destination: null,
    });

    const admin = await staffMember(ctx.api, 'admin');
    const queue = await admin.client.get('/operator/withdrawals');
    const row = new RegExp(`<tr data-withdrawal="${refund.id}">[\\s\\S]*?</tr>`).exec(queue.text)![0];
    expect(row).toContain('<dd data-kind>refund on self-exclusion</dd>');
    expect(row).toContain('<strong class="flag" data-flag="refund">refund</strong>');
    // Never in a bulk decision: it has no tick.
    expect(row).not.toContain('form="bulk"');
    expect(row).toContain('Record refund as paid');
    expect(row).not.toContain('/reject');

    const rejected = await admin.client.post(`/operator/withdrawals/${refund.id}/reject`, {
      reason: 'No destination on file',
    });
    expect(rejected.status).toBe(409);
    expect(rejected.text).toContain('cannot be rejected: the account is locked');
    expect(
      (await admin.client.post(`/operator/withdrawals/${refund.id}/approve`, { payout_reference: 'X', confirm: 'yes' }))
        .status,
    ).toBe(409);
    expect(await balanceOf(ctx.api, player.id)).toBe('0.00');

    const fields = { method: 'bank_transfer', destination: IBAN, payout_reference: 'SEPA-2026-0042', confirm: 'yes' };
    expect(
      (await admin.client.post(`/operator/withdrawals/${refund.id}/refund`, { ...fields, confirm: '' })).status,
    ).toBe(400);
    expect(
      (await admin.client.post(`/operator/withdrawals/${refund.id}/refund`, { ...fields, destination: 'DE00 1234' }))
        .status,
    ).toBe(400);
    expect(
      (await admin.client.post(`/operator/withdrawals/${refund.id}/refund`, { ...fields, method: 'cash' })).status,
    ).toBe(400);
    expect(
      (await admin.client.post(`/operator/withdrawals/${refund.id}/refund`, { ...fields, payout_reference: '' }))
        .status,
    ).toBe(400);
    const support = await staffMember(ctx.api, 'support');
    await support.client.get('/operator/withdrawals');
    expect((await support.client.post(`/operator/withdrawals/${refund.id}/refund`, fields)).status).toBe(403);
    expect((await withdrawalOf(player.id)).status).toBe('pending');

    const paid = await admin.client.post(`/operator/withdrawals/${refund.id}/refund`, fields);
    expect(paid.location).toBe(`/operator/withdrawals?refunded=${refund.id}`);
    expect(await withdrawalOf(player.id)).toMatchObject({
      status: 'completed',
      method: 'bank_transfer',
      destination: '•••• 3000',
    });
    expect(
      await ctx.api.db.query(
        'SELECT method, destination, payout_reference, staff_id FROM withdrawal_payouts WHERE transaction_id = $1',
        [refund.id],
      ),
    ).toEqual([
      { method: 'bank_transfer', destination: '•••• 3000', payout_reference: 'SEPA-2026-0042', staff_id: admin.id },
    ]);
    expect(await balanceOf(ctx.api, player.id)).toBe('0.00');
    expect(await auditOf(ctx.api, 'withdrawal', refund.id)).toEqual([
      {
        staff_id: admin.id,
        action: 'withdrawal.refund',
        before: { status: 'pending', amount: '500.00', method: 'bank_transfer' },
        after: {
          status: 'completed',
          amount: '500.00',
          method: 'bank_transfer',
          destination: '•••• 3000',
          payout_reference: 'SEPA-2026-0042',
        },
      },
    ]);
    expect(
      (await mailTo(ctx.api, player.email)).some((mail) => mail.subject === 'Your AmberPlay withdrawal has been sent'),
    ).toBe(true);
    expect((await admin.client.post(`/operator/withdrawals/${refund.id}/refund`, fields)).status).toBe(409);
  });
});

describe('withdrawal decisions', () => {
  it('flags a method the player never deposited with; approving records the payout reference', async () => {
    const player = await ctx.api.player({ balance: '100.00', verified: true });
    await ctx.api.db.query(
      `INSERT INTO payments (id, user_id, amount, currency, method, status, return_url, lang, created_at, completed_at,
        expires_at)
       VALUES ($1, $2, 100, 'EUR', 'card', 'completed', 'http://x', 'en', $3, $3, $3)`,
      [randomUUID(), player.id, clock().toISOString()],
    );
    const card = await ctx.api.request('POST', '/api/user/withdrawal', {
      token: player.token,
      body: { amount: '10.00', method: 'card', destination: '4242424242424242' },
    });
    const crypto = await ctx.api.request('POST', '/api/user/withdrawal', {
      token: player.token,
      body: { amount: '10.00', method: 'crypto', destination: '0x52908400098527886E0F7030069857D2E4169EE7' },
    });
    expect([card.status, crypto.status]).toEqual([201, 201]);
    const admin = await staffMember(ctx.api, 'admin');
    const queue = await admin.client.get('/operator/withdrawals');
    const rowOf = (id: number) => new RegExp(`<tr data-withdrawal="${id}">[\\s\\S]*?</tr>`).exec(queue.text)![0];
    expect(rowOf(crypto.body.id)).toContain('<strong class="flag" data-flag="new-method">new method</strong>');
    expect(rowOf(crypto.body.id)).toContain('<dt>Method</dt><dd>never used for a deposit</dd>');
    expect(rowOf(card.body.id)).not.toContain('data-flag');
    expect(rowOf(card.body.id)).toContain('name="payout_reference" required');
    expect(rowOf(card.body.id)).toContain('name="confirm" value="yes" required');

    const approved = await admin.client.post(`/operator/withdrawals/${crypto.body.id}/approve`, {
      payout_reference: '0xabc123',
      confirm: 'yes',
    });
    expect(approved.status).toBe(303);
    expect(
      await ctx.api.db.query('SELECT method, payout_reference FROM withdrawal_payouts WHERE transaction_id = $1', [
        crypto.body.id,
      ]),
    ).toEqual([{ method: 'crypto', payout_reference: '0xabc123' }]);
    expect((await auditOf(ctx.api, 'withdrawal', crypto.body.id))[0]!.after).toEqual({
      status: 'completed',
      amount: '10.00',
      payout_reference: '0xabc123',
    });
    expect(
      (
        await admin.client.post(`/operator/withdrawals/${card.body.id}/approve`, {
          payout_reference: 'bidi\u202e',
          confirm: 'yes',
        })
      ).status,
    ).toBe(400);
  });
});
