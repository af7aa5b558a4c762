import { describe, expect, it } from 'vitest';
import { balanceOf, useTestApi } from './harness.ts';
import { submitPaymentForm } from './demo-pay-form.ts';

/**
 * Deposit limits under parallel requests: creation and confirmation both lock the player's row,
 * so on PostgreSQL (DATABASE_URL) as on PGlite no interleaving credits more than the limit.
 */
const ctx = useTestApi();
const create = (token: string, amount: string) =>
  ctx.api.request('POST', '/api/user/payments/create-payment', { token, body: { amount, method: 'card' } });
// The payment page's own form, with its token, as a browser submits it.
const confirm = (redirectUrl: string) => submitPaymentForm(ctx.api, new URL(redirectUrl).pathname, 'confirm');
const setDayLimit = (token: string, day: string) =>
  ctx.api.request('PATCH', '/api/user/responsible-gaming', { token, body: { deposit_limits: { day } } });

describe('deposit limits under concurrency', () => {
  it('20 parallel creations and confirmations against a 100.00 daily limit credit at most 100.00', async () => {
    const player = await ctx.api.player();
    expect((await setDayLimit(player.token, '100.00')).status).toBe(200);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const created = await create(player.token, '15.00');
        if (created.status !== 201) return created.status;
        return (await confirm(created.body.redirect_url)).status;
      }),
    );
    expect(outcomes.filter((status) => status === 303)).toHaveLength(6);
    expect(outcomes.filter((status) => status === 400)).toHaveLength(14);
    expect(await balanceOf(ctx.api, player.id)).toBe('90.00');
  });

  it('counts a payment whose request read the clock later but took the player lock first', async () => {
    // The interleaving behind a rare 7th success above: request A reads the time, request B reads
    // a later time, B takes the lock, inserts and commits; then A checks. B's payment must count.
    const player = await ctx.api.player();
    expect((await setDayLimit(player.token, '100.00')).status).toBe(200);
    await ctx.api.db.query(
      `INSERT INTO payments (id, user_id, amount, currency, method, status, return_url, lang, created_at, expires_at)
       VALUES (gen_random_uuid(), $1, '90.00', 'EUR', 'card', 'pending', '/profile/balance', 'en', $2::timestamptz +
       interval '2 seconds', $2::timestamptz + interval '1 hour')`,
      [player.id, ctx.api.services.clock().toISOString()],
    );
    const created = await create(player.token, '15.00');
    expect(created.status).toBe(400);
    expect(created.body.amount[0]).toMatch(
      /^Your deposit limit allows at most €10\.00 now\. More becomes available on .+ UTC\.$/,
    );
  });

  it('pending payments created before a limit cannot add up past it when confirmed in parallel', async () => {
    const player = await ctx.api.player();
    const created = await Promise.all(Array.from({ length: 20 }, () => create(player.token, '30.00')));
    expect(created.every((res) => res.status === 201)).toBe(true);
    // A first limit applies at once, also to payments already waiting at the payment page.
    expect((await setDayLimit(player.token, '100.00')).status).toBe(200);
    const confirmed = await Promise.all(created.map((res) => confirm(res.body.redirect_url)));
    const statuses = confirmed.map((res) => new URL(res.headers.get('location')!).searchParams.get('payment_status'));
    expect(statuses.filter((status) => status === 'completed')).toHaveLength(3);
    expect(statuses.filter((status) => status === 'cancelled')).toHaveLength(17);
    expect(await balanceOf(ctx.api, player.id)).toBe('90.00');
    const [sum] = await ctx.api.db.query<{ total: string }>(
      `SELECT COALESCE(sum(amount), 0)::text AS total FROM payments WHERE user_id = $1 AND status = 'completed'`,
      [player.id],
    );
    expect(sum!.total).toBe('90.00');
  });
});
