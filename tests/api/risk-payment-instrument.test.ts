import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { instrumentHash, instrumentKey } from '../../server/src/services/payment-instrument.ts';
import { parsePaymentForms } from './demo-pay-form.ts';
import { staffMember } from './operator-harness.ts';
import { useTestApi } from './harness.ts';

// link.shared_payment_instrument: deposits confirmed on the payment page with a card number or an
// IBAN keep only its keyed hash; another account depositing with the same one links them.
const clock = manualClock(new Date('2026-04-06T12:00:00Z'));
const ctx = useTestApi({}, { clock });
type Player = Awaited<ReturnType<typeof ctx.api.player>>;

const alertsOf = (userId: number) =>
  ctx.api.db.query<{ rule_id: string; severity: string; evidence: { linked_users?: number[]; payment?: string } }>(
    'SELECT rule_id, severity, evidence FROM risk_alerts WHERE user_id = $1 ORDER BY id',
    [userId],
  );
const rulesOf = async (userId: number) => (await alertsOf(userId)).map((alert) => alert.rule_id);
/** The player page's risk panel, as risk staff see it. */
async function riskPanel(userId: number) {
  const risk = await staffMember(ctx.api, 'risk');
  const page = (await risk.client.get(`/operator/players/${userId}`)).text;
  return page.slice(page.indexOf('data-risk-panel'));
}
const instrumentLink = (userId: number) => `<li data-link="instrument"><a href="/operator/players/${userId}">`;

/** A deposit confirmed on the payment page with `instrument` typed into its field; the page's answer. */
async function deposit(player: Player, instrument: string, method = 'card', language = 'en') {
  const created = await ctx.api.request('POST', '/api/user/payments/create-payment', {
    token: player.token,
    body: { amount: '25.00', method, return_url: '/en/profile/deposit' },
    headers: { 'accept-language': language },
  });
  expect(created.status).toBe(201);
  const page = await ctx.api.request('GET', `/demo-pay/${created.body.id}`);
  const form = parsePaymentForms(page.body).confirm!;
  const answer = await ctx.api.request('POST', form.action, {
    raw: new URLSearchParams({ ...form.fields, instrument }).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      origin: ctx.api.config.apiUrl,
    },
  });
  return { id: created.body.id as string, answer, page: page.body as string };
}
const instrumentOf = async (paymentId: string) =>
  (
    await ctx.api.db.query<{ instrument_hash: string | null; status: string }>(
      'SELECT instrument_hash, status FROM payments WHERE id = $1',
      [paymentId],
    )
  )[0]!;

describe('link.shared_payment_instrument', () => {
  it('links two accounts that deposit with one card: a high alert on both; the number is never stored', async () => {
    const [a, b] = [await ctx.api.player(), await ctx.api.player()];
    const first = await deposit(a, '4111 1111 1111 1111');
    expect(first.page).toContain('name="instrument"');
    expect(first.answer.status).toBe(303);
    const kept = await instrumentOf(first.id);
    expect(kept.status).toBe('completed');
    expect(kept.instrument_hash).toMatch(/^[0-9a-f]{64}$/);
    // The same account again with the same card: nothing shared.
    await deposit(a, '4111111111111111');
    expect(await rulesOf(a.id)).toEqual([]);
    // Only the keyed hash of the normalized number is kept: no column of the payment holds the number.
    const key = instrumentKey(ctx.api.services.privateKeys[0]!);
    expect(kept.instrument_hash).toBe(instrumentHash(key, 'card:4111111111111111'));
    const [row] = await ctx.api.db.query<{ payment: string }>(
      'SELECT row_to_json(p)::text AS payment FROM payments p WHERE id = $1',
      [first.id],
    );
    expect(row!.payment).not.toContain('4111111111111111');

    // Written with dashes: the same card once normalized.
    const second = await deposit(b, '4111-1111-1111-1111');
    expect(second.answer.status).toBe(303);
    const [onA] = await alertsOf(a.id);
    const [onB] = await alertsOf(b.id);
    expect(onA).toMatchObject({
      rule_id: 'link.shared_payment_instrument',
      severity: 'high',
      evidence: { linked_users: [b.id] },
    });
    expect(onB).toMatchObject({
      rule_id: 'link.shared_payment_instrument',
      severity: 'high',
      evidence: { linked_users: [a.id], payment: second.id },
    });
  });

  it('links by IBAN however it is spaced or cased', async () => {
    const [a, b] = [await ctx.api.player(), await ctx.api.player()];
    await deposit(a, 'DE89 3704 0044 0532 0130 00', 'bank_transfer');
    await deposit(b, 'de89370400440532013000', 'bank_transfer');
    expect(await rulesOf(a.id)).toEqual(['link.shared_payment_instrument']);
    expect(await rulesOf(b.id)).toEqual(['link.shared_payment_instrument']);
    // The risk panel lists each under the link.
    expect(await riskPanel(a.id)).toContain(instrumentLink(b.id));
    expect(await riskPanel(b.id)).toContain(instrumentLink(a.id));
    expect(await riskPanel(a.id)).toContain('same card or IBAN on deposits');
  });

  it('near misses: a card one digit apart, a deposit without a number, a declined one do not link', async () => {
    const [a, b, c, d] = [
      await ctx.api.player(),
      await ctx.api.player(),
      await ctx.api.player(),
      await ctx.api.player(),
    ];
    await deposit(a, '5500000000000004');
    await deposit(b, '5500000000000005'); // one digit apart
    const none = await deposit(c, ''); // no number typed: no instrument kept
    expect((await instrumentOf(none.id)).instrument_hash).toBeNull();
    // The same card on a payment that was declined, never completed: not compared.
    const created = await ctx.api.request('POST', '/api/user/payments/create-payment', {
      token: d.token,
      body: { amount: '25.00', method: 'card', return_url: '/en/profile/deposit' },
    });
    const form = parsePaymentForms((await ctx.api.request('GET', `/demo-pay/${created.body.id}`)).body).cancel!;
    await ctx.api.request('POST', form.action, {
      raw: new URLSearchParams({ ...form.fields, instrument: '5500000000000004' }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        origin: ctx.api.config.apiUrl,
      },
    });
    for (const player of [a, b, c, d]) expect(await rulesOf(player.id)).toEqual([]);
    // Nor does the panel list the declined payment's card as a link.
    expect(await riskPanel(a.id)).not.toContain('data-link="instrument"');
  });

  it('refuses what is not a card number or an IBAN, in the payment’s language; the payment stays open', async () => {
    const player = await ctx.api.player();
    const bad = await deposit(player, '4111 1111', 'card', 'de');
    expect(bad.answer.status).toBe(400);
    expect(bad.answer.body).toContain('Das ist keine Kartennummer');
    expect((await instrumentOf(bad.id)).status).toBe('pending');
    // Hidden characters (a right-to-left override) are no card number either.
    expect((await deposit(player, '4111\u202e111111111111')).answer.status).toBe(400);
    expect((await deposit(player, 'GB00', 'bank_transfer')).answer.status).toBe(400);
    // Crypto asks for no instrument: the page has no field and anything sent is ignored.
    const crypto = await deposit(player, 'whatever', 'crypto');
    expect(crypto.page).not.toContain('name="instrument"');
    expect(crypto.answer.status).toBe(303);
    expect((await instrumentOf(crypto.id)).instrument_hash).toBeNull();
  });
});
