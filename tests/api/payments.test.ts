import { describe, expect, it } from 'vitest';
import { submitPaymentForm } from './demo-pay-form.ts';
import { balanceOf, useTestApi } from './harness.ts';

const ctx = useTestApi();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const tokenOf = (page: string) => /name="token" value="([^"]+)"/.exec(page)![1]!;
const create = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  ctx.api.request('POST', '/api/user/payments/create-payment', { token, body, headers });
const paymentCount = async (userId: number) =>
  (await ctx.api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE user_id = $1', [userId]))[0]!.n;

describe('POST /api/user/payments/create-payment and the demo payment page', () => {
  it('creates a pending payment whose page completes it exactly once', async () => {
    const player = await ctx.api.player();
    const res = await create(
      player.token,
      { amount: '50', method: 'card', return_url: '/ja/profile/deposit' },
      { 'accept-language': 'ja' },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', amount: '50.00', currency: 'EUR', method: 'card' });
    const redirect = new URL(res.body.redirect_url);
    expect(redirect.pathname).toBe(`/demo-pay/${res.body.id}`);
    expect(await balanceOf(ctx.api, player.id)).toBe('0.00');

    const page = await ctx.api.request('GET', redirect.pathname);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="ja"');
    expect(page.body).toContain('€50.00'.replace('€', '€'));
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'; style-src 'sha256-/);

    const confirm = await submitPaymentForm(ctx.api, redirect.pathname, 'confirm');
    expect(confirm.status).toBe(303);
    const back = new URL(confirm.headers.get('location')!);
    expect(back.pathname).toBe('/ja/profile/deposit');
    expect(back.searchParams.get('payment')).toBe(res.body.id);
    expect(back.searchParams.get('payment_status')).toBe('completed');
    expect(await balanceOf(ctx.api, player.id)).toBe('50.00');

    // A second confirm (double click, back button) changes nothing.
    const again = await ctx.api.request('POST', `${redirect.pathname}/confirm`, {
      raw: new URLSearchParams({ token: tokenOf(page.body) }).toString(),
      headers: FORM,
    });
    expect(new URL(again.headers.get('location')!).searchParams.get('payment_status')).toBe('completed');
    expect(await balanceOf(ctx.api, player.id)).toBe('50.00');

    const history = await ctx.api.request('GET', '/api/user/history?type=deposit', { token: player.token });
    expect(history.body.count).toBe(1);
    expect(history.body.results[0]).toMatchObject({
      amount: '50.00',
      status: 'completed',
      description: 'Deposit by Bank card',
    });
    const own = await ctx.api.request('GET', '/api/user/notification?mode=own', { token: player.token });
    expect(own.body.map((n: { title: string }) => n.title)).toContain('Deposit received');
    expect(own.body.find((n: { title: string }) => n.title === 'Deposit received').body).toBe(
      '€50.00 has been added to your balance.',
    );
    const me = await ctx.api.request('GET', '/api/user/me', { token: player.token });
    expect(me.body.loyalty.points).toBe(50);
  });

  it('confirms concurrently only once', async () => {
    const player = await ctx.api.player();
    const res = await create(player.token, { amount: '20.00', method: 'crypto' });
    const path = new URL(res.body.redirect_url).pathname;
    const token = tokenOf((await ctx.api.request('GET', path)).body);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.api.request('POST', `${path}/confirm`, { raw: `token=${token}`, headers: FORM }),
      ),
    );
    expect(await balanceOf(ctx.api, player.id)).toBe('20.00');
  });

  it('cancels without moving money, and a cancelled payment cannot be confirmed', async () => {
    const player = await ctx.api.player();
    const res = await create(player.token, { amount: '30.00', method: 'bank_transfer' });
    const path = new URL(res.body.redirect_url).pathname;
    const token = tokenOf((await ctx.api.request('GET', path)).body);
    const cancel = await submitPaymentForm(ctx.api, path, 'cancel');
    expect(new URL(cancel.headers.get('location')!).searchParams.get('payment_status')).toBe('cancelled');
    const confirm = await ctx.api.request('POST', `${path}/confirm`, { raw: `token=${token}`, headers: FORM });
    expect(new URL(confirm.headers.get('location')!).searchParams.get('payment_status')).toBe('cancelled');
    expect(await balanceOf(ctx.api, player.id)).toBe('0.00');
    expect((await ctx.api.request('GET', path)).body).toContain('This payment was cancelled.');
  });

  it('answers 404 for an unknown payment page', async () => {
    expect((await ctx.api.request('GET', '/demo-pay/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await ctx.api.request('POST', '/demo-pay/not-a-uuid/confirm')).status).toBe(404);
  });

  it('rewards the referrer when a referred player deposits', async () => {
    const referrer = await ctx.api.player();
    const code = (await ctx.api.request('GET', '/api/user/me', { token: referrer.token })).body.referral_code;
    const friend = await ctx.api.player({ ref: code });
    const res = await create(friend.token, { amount: '100.00', method: 'card' });
    await submitPaymentForm(ctx.api, new URL(res.body.redirect_url).pathname, 'confirm');
    expect(await balanceOf(ctx.api, referrer.id)).toBe('5.00');
    const stats = await ctx.api.request('GET', '/api/user/referral-stats', { token: referrer.token });
    expect(stats.body).toEqual({ referral_code: code, invited: 1, active: 1, earned: '5.00', currency: 'EUR' });
    const history = await ctx.api.request('GET', '/api/user/history?type=referral', { token: referrer.token });
    expect(history.body.results[0].description).toBe(`Referral reward for ${friend.username}`);
  });

  it('creates one payment per Idempotency-Key (a double click)', async () => {
    const player = await ctx.api.player();
    const [a, b] = await Promise.all([
      create(player.token, { amount: '15.00', method: 'card' }, { 'idempotency-key': 'dep-1' }),
      create(player.token, { amount: '15.00', method: 'card' }, { 'idempotency-key': 'dep-1' }),
    ]);
    expect(a.body.id).toBe(b.body.id);
    expect(await paymentCount(player.id)).toBe(1);
  });

  it.each([
    ['an amount below the minimum', { amount: '9.99', method: 'card' }, 'amount', 'The minimum amount is €10.00.'],
    [
      'an amount above the maximum',
      { amount: '10000.01', method: 'card' },
      'amount',
      'The maximum amount is €10,000.00.',
    ],
    [
      'a float',
      { amount: 12.345, method: 'card' },
      'amount',
      'Enter an amount such as 25 or 25.50: digits, with at most two decimals.',
    ],
    ['another currency', { amount: '20.00', currency: 'USD', method: 'card' }, 'currency', 'Only EUR is accepted.'],
    ['an unknown method', { amount: '20.00', method: 'gold-bars' }, 'method', 'Choose one of the offered methods.'],
    [
      'a return URL on another site',
      { amount: '20.00', method: 'card', return_url: 'https://evil.example/steal' },
      'return_url',
      'The return address must be on this site.',
    ],
    [
      'a protocol-relative return URL',
      { amount: '20.00', method: 'card', return_url: '//evil.example/x' },
      'return_url',
      'The return address must be on this site.',
    ],
    [
      'a javascript: return URL',
      { amount: '20.00', method: 'card', return_url: 'javascript:alert(1)' },
      'return_url',
      'The return address must be on this site.',
    ],
  ])('refuses %s and creates no payment', async (_name, body, field, message) => {
    const player = await ctx.api.player();
    const res = await create(player.token, body);
    expect(res.status).toBe(400);
    expect(res.body[field]).toEqual([message]);
    expect(await paymentCount(player.id)).toBe(0);
  });
});
