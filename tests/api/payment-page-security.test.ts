/**
 * Hardening of the demo payment page: no open
 * redirect, no origin taken from `Host`, no cross-site posts, and pending deposits that expire and
 * show in history from the moment they are made.
 */
import { systemClock } from '../../server/src/base/clock.ts';
import { describe, expect, it } from 'vitest';
import { parsePaymentForms, submitPaymentForm } from './demo-pay-form.ts';
import { balanceOf, useTestApi } from './harness.ts';

const SITE = 'https://play.example';
const API = 'https://api.play.example';
const PARTNER = 'https://partner.example';
const ctx = useTestApi({ SITE_URL: SITE, API_URL: API, RETURN_ORIGINS: PARTNER });
const MINUTE = 60_000;

const create = (
  token: string,
  body: Record<string, unknown>,
  url = '/api/user/payments/create-payment',
  headers: Record<string, string> = {},
) => ctx.api.request('POST', url, { token, body: { amount: '20.00', method: 'card', ...body }, headers });
const pathOf = (payment: { redirect_url: string }) => new URL(payment.redirect_url).pathname;
const deposits = async (token: string) =>
  (await ctx.api.request('GET', '/api/user/history?type=deposit', { token })).body;

describe('return addresses (no open redirect)', () => {
  it.each([
    ['a tab after the first slash', '/\t/evil.com/x'],
    ['a line feed after the first slash', '/\n/evil.com/x'],
    ['a carriage return after the first slash', '/\r/evil.com/x'],
    ['a backslash', '/\\evil.com/x'],
    ['a double slash later in the path', '/profile//evil.com'],
    ['a right-to-left override', '/profile/\u202edeposit'],
    ['a lookalike of the site', 'https://play.example.evil.com/x'],
    ['credentials before another host', `${SITE}@evil.com/x`],
    ['a tab inside an allowed origin', 'https://play.exa\tmple/x'],
  ])('refuses %s, and the payment page never sends the player elsewhere', async (_name, returnUrl) => {
    const player = await ctx.api.player();
    const res = await create(player.token, { return_url: returnUrl });
    if (res.status === 201) {
      // What the old server did: accept it, and answer the page's cancel with a Location elsewhere.
      const cancel = await submitPaymentForm(ctx.api, pathOf(res.body), 'cancel');
      expect(new URL(cancel.headers.get('location')!).origin).toBe(SITE);
    }
    expect(res.status).toBe(400);
    // Control and direction characters are refused for every field before the route looks at them.
    const invisible = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/.test(returnUrl);
    expect(res.body.return_url).toEqual([
      invisible
        ? 'Remove invisible or control characters, such as zero-width spaces or text-direction marks.'
        : 'The return address must be on this site.',
    ]);
  });

  it('sends the player back to a path on SITE_URL, or to an exact RETURN_ORIGINS origin', async () => {
    const player = await ctx.api.player();
    for (const [returnUrl, expected] of [
      ['/de/profile/deposit?from=pay', `${SITE}/de/profile/deposit`],
      [`${SITE}/ja/profile/deposit`, `${SITE}/ja/profile/deposit`],
      [`${PARTNER}/wallet`, `${PARTNER}/wallet`],
      [undefined, `${SITE}/profile/deposit`],
    ] as const) {
      const res = await create(player.token, returnUrl === undefined ? {} : { return_url: returnUrl });
      expect(res.status, returnUrl).toBe(201);
      const confirm = await submitPaymentForm(ctx.api, pathOf(res.body), 'cancel');
      expect(confirm.status).toBe(303);
      const location = new URL(confirm.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(expected);
      expect(location.searchParams.get('payment_status')).toBe('cancelled');
    }
  });

  it('never builds an address from the Host header', async () => {
    const player = await ctx.api.player();
    // As @hono/node-server builds the request URL from a client's `Host: evil.example`.
    const evil = 'http://evil.example';
    const phish = await create(
      player.token,
      { return_url: `${evil}/phish` },
      `${evil}/api/user/payments/create-payment`,
    );
    expect(phish.status).toBe(400);

    const res = await create(
      player.token,
      { return_url: '/profile/deposit' },
      `${evil}/api/user/payments/create-payment`,
    );
    expect(res.status).toBe(201);
    expect(new URL(res.body.redirect_url).origin).toBe(API);
    const page = await ctx.api.request('GET', `${evil}${pathOf(res.body)}`);
    const form = parsePaymentForms(page.body).cancel!;
    const cancel = await ctx.api.request('POST', `${evil}${form.action}`, {
      raw: new URLSearchParams(form.fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(new URL(cancel.headers.get('location')!).origin).toBe(SITE);
    const back = await ctx.api.request('GET', `${evil}${pathOf(res.body)}`);
    expect(back.body).toContain(`href="${SITE}/profile/deposit?payment=`);

    for (let i = 0; i < 2; i++) await create(player.token, {});
    const history = await ctx.api.request('GET', `${evil}/api/user/history?page_size=1`, { token: player.token });
    expect(new URL(history.body.next).origin).toBe(API);
    const last = await ctx.api.request('GET', `${evil}/api/user/history?page_size=1&page=3`, { token: player.token });
    expect(new URL(last.body.previous).origin).toBe(API);
  });
});

/** A multipart form of one `token` field. */
function multipart(token: string | File) {
  const form = new FormData();
  form.append('token', token);
  return form;
}

describe('cross-site posts to the payment page', () => {
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    ctx.api.request('POST', path, {
      raw: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });

  it('refuses a post without the page’s token, with another payment’s token, or from another site', async () => {
    const player = await ctx.api.player();
    const res = await create(player.token, {});
    const other = await create(player.token, {});
    const path = pathOf(res.body);
    const token = parsePaymentForms((await ctx.api.request('GET', path)).body).confirm!.fields.token!;
    const otherToken = parsePaymentForms((await ctx.api.request('GET', pathOf(other.body))).body).confirm!.fields
      .token!;
    expect(token).toMatch(/^[\w-]{43}$/);

    const refused = [
      await post(`${path}/confirm`, ''),
      await post(`${path}/confirm`, 'token='),
      await post(`${path}/confirm`, `token=${otherToken}`),
      await post(`${path}/confirm`, `token=${token}`, { 'sec-fetch-site': 'cross-site' }),
      await post(`${path}/confirm`, `token=${token}`, { origin: 'https://evil.example' }),
      await post(`${path}/confirm`, `token=${token}`, { origin: 'null' }),
      await ctx.api.request('POST', `${path}/confirm`, {
        raw: JSON.stringify({ token }),
        headers: { 'content-type': 'application/json' },
      }),
      // Bad input by the form's schema: a control or bidirectional character, the right token
      // followed by another (the last value counts), the token as a file of a multipart form.
      await post(`${path}/confirm`, `token=${token}%00`),
      await post(`${path}/confirm`, `token=%E2%80%AE${token.slice(1)}`),
      await post(`${path}/confirm`, `token=${token}&token=${otherToken}`),
      await ctx.api.request('POST', `${path}/confirm`, { form: multipart(new File([token], 'token.txt')) }),
      await ctx.api.request('POST', `${path}/confirm`, { form: multipart(token) }),
    ];
    for (const reply of refused) {
      expect(reply.status).toBe(403);
      expect(reply.body).toContain('This request did not come from this payment page');
    }
    expect(await balanceOf(ctx.api, player.id)).toBe('0.00');
    expect((await deposits(player.token)).results[1]).toMatchObject({ status: 'pending' });

    // The page's own form, from the page's own origin, still works.
    const ok = await post(`${path}/confirm`, `token=${token}`, { origin: API, 'sec-fetch-site': 'same-origin' });
    expect(ok.status).toBe(303);
    expect(await balanceOf(ctx.api, player.id)).toBe('20.00');
  });

  it('refuses a form over 4 KB before reading it, and moves no money', async () => {
    const player = await ctx.api.player();
    const path = pathOf((await create(player.token, {})).body);
    const token = parsePaymentForms((await ctx.api.request('GET', path)).body).confirm!.fields.token!;
    const reply = await post(`${path}/confirm`, `token=${token}&pad=${'a'.repeat(4096)}`);
    expect(reply.status).toBe(413);
    expect(reply.body).toBe('Payload Too Large');
    expect(await balanceOf(ctx.api, player.id)).toBe('0.00');
  });

  it('answers the refusal in the payment’s language', async () => {
    const player = await ctx.api.player();
    const res = await create(player.token, {}, undefined, { 'accept-language': 'de' });
    const reply = await post(`${pathOf(res.body)}/confirm`, 'token=nope');
    expect(reply.status).toBe(403);
    expect(reply.body).toContain('<html lang="de"');
    expect(reply.body).toContain('Diese Anfrage kam nicht von dieser Zahlungsseite');
  });
});

describe('pending deposits in history, and their expiry', () => {
  it('shows a deposit as pending at once, cancelled once it expires; it can no longer be confirmed', async () => {
    const player = await ctx.api.player();
    const start = Date.now();
    ctx.api.services.clock = () => new Date(start);
    try {
      const res = await create(player.token, { amount: '35.00' });
      const path = pathOf(res.body);
      const token = parsePaymentForms((await ctx.api.request('GET', path)).body).confirm!.fields.token!;
      expect((await deposits(player.token)).results).toMatchObject([
        { id: expect.any(Number), amount: '35.00', status: 'pending', description: 'Deposit by Bank card' },
      ]);

      ctx.api.services.clock = () => new Date(start + 29 * MINUTE);
      expect((await deposits(player.token)).results[0].status).toBe('pending');

      ctx.api.services.clock = () => new Date(start + 30 * MINUTE);
      expect((await deposits(player.token)).results[0]).toMatchObject({ amount: '35.00', status: 'cancelled' });
      const confirm = await ctx.api.request('POST', `${path}/confirm`, {
        raw: `token=${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: API },
      });
      expect(confirm.status).toBe(303);
      expect(new URL(confirm.headers.get('location')!).searchParams.get('payment_status')).toBe('cancelled');
      expect(await balanceOf(ctx.api, player.id)).toBe('0.00');
      const page = await ctx.api.request('GET', path);
      expect(page.body).toContain('This payment was cancelled.');
      expect(page.body).toContain('This payment expired');
      expect(page.body).not.toContain('<form');
    } finally {
      ctx.api.services.clock = systemClock;
    }
  });

  it('expires on the payment page itself, even if history is never opened', async () => {
    const player = await ctx.api.player();
    const start = Date.now();
    ctx.api.services.clock = () => new Date(start);
    try {
      const res = await create(player.token, {});
      ctx.api.services.clock = () => new Date(start + 31 * MINUTE);
      const confirm = await submitPaymentForm(ctx.api, pathOf(res.body), 'cancel').catch(() => undefined);
      // The expired page has no forms left to submit.
      expect(confirm).toBeUndefined();
      const [row] = await ctx.api.db.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [
        res.body.id,
      ]);
      expect(row!.status).toBe('cancelled');
    } finally {
      ctx.api.services.clock = systemClock;
    }
  });

  it('a confirmed deposit stays one history item, completed', async () => {
    const player = await ctx.api.player();
    const res = await create(player.token, { amount: '12.00' });
    await submitPaymentForm(ctx.api, pathOf(res.body), 'confirm');
    const history = await deposits(player.token);
    expect(history.count).toBe(1);
    expect(history.results[0]).toMatchObject({ amount: '12.00', status: 'completed' });
    expect(await balanceOf(ctx.api, player.id)).toBe('12.00');
  });
});
