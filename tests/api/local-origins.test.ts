/**
 * A local run opened at another address than SITE_URL's localhost: the game
 * frame and the payment page's way back follow the site the player opened, when it is one of the
 * configured origins, and never an origin the configuration does not name.
 */
import { describe, expect, it } from 'vitest';
import { submitPaymentForm } from './demo-pay-form.ts';
import { useTestApi } from './harness.ts';

// No SITE_URL, no GAME_PROVIDER_ORIGIN: what `npm start` on port 4321 runs with.
const ctx = useTestApi({ PORT: '4321' });

async function backFrom(origin: string | undefined, returnUrl: string | undefined) {
  const player = await ctx.api.player();
  const res = await ctx.api.request('POST', '/api/user/payments/create-payment', {
    token: player.token,
    body: { amount: '20.00', method: 'card', ...(returnUrl === undefined ? {} : { return_url: returnUrl }) },
    headers: origin ? { origin } : {},
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const cancel = await submitPaymentForm(ctx.api, new URL(res.body.redirect_url).pathname, 'cancel');
  expect(cancel.status).toBe(303);
  const location = new URL(cancel.headers.get('location')!);
  return `${location.origin}${location.pathname}`;
}

describe('origins on a local run', () => {
  it('the default site is localhost on the port', () => {
    expect(ctx.api.config.siteUrl).toBe('http://localhost:4321');
  });

  it('launches games at a relative URL, so the frame comes from the address the player opened', async () => {
    const res = await ctx.api.request('POST', '/gmnggate/api', {
      body: { method: 'game_launch', game_id: 'dice', mode: 'demo' },
      headers: { origin: 'http://127.0.0.1:4321' },
    });
    expect(res.status).toBe(200);
    expect(res.body.url).toBe(`/demo-games/play/${res.body.session_id}`);
  });

  it.each([
    ['opened at 127.0.0.1', 'http://127.0.0.1:4321', '/de/profile/deposit', 'http://127.0.0.1:4321/de/profile/deposit'],
    ['opened at [::1]', 'http://[::1]:4321', '/profile/deposit', 'http://[::1]:4321/profile/deposit'],
    ['opened at localhost', 'http://localhost:4321', '/profile/deposit', 'http://localhost:4321/profile/deposit'],
    [
      'opened at 127.0.0.1, no return path',
      'http://127.0.0.1:4321',
      undefined,
      'http://127.0.0.1:4321/profile/deposit',
    ],
    [
      'an absolute return URL on 127.0.0.1',
      undefined,
      'http://127.0.0.1:4321/ja/profile/deposit',
      'http://127.0.0.1:4321/ja/profile/deposit',
    ],
    // Not configured: back to SITE_URL, never to the address the request names.
    [
      'opened at an unconfigured LAN address',
      'http://192.168.1.20:4321',
      '/profile/deposit',
      'http://localhost:4321/profile/deposit',
    ],
    [
      'a request from another site',
      'https://evil.example',
      '/profile/deposit',
      'http://localhost:4321/profile/deposit',
    ],
    ['127.0.0.1 on another port', 'http://127.0.0.1:9999', '/profile/deposit', 'http://localhost:4321/profile/deposit'],
    ['an Origin of null', 'null', '/profile/deposit', 'http://localhost:4321/profile/deposit'],
  ])('the payment page returns the player %s', async (_name, origin, returnUrl, expected) => {
    expect(await backFrom(origin, returnUrl)).toBe(expected);
  });

  it('refuses an absolute return URL on an unconfigured address', async () => {
    const player = await ctx.api.player();
    const res = await ctx.api.request('POST', '/api/user/payments/create-payment', {
      token: player.token,
      body: { amount: '20.00', method: 'card', return_url: 'http://192.168.1.20:4321/profile/deposit' },
      headers: { origin: 'http://192.168.1.20:4321' },
    });
    expect(res.status).toBe(400);
    expect(res.body.return_url).toEqual(['The return address must be on this site.']);
  });

  it("lets the payment page's forms lead back to the loopback spellings of the site (form-action)", async () => {
    const player = await ctx.api.player();
    const res = await ctx.api.request('POST', '/api/user/payments/create-payment', {
      token: player.token,
      body: { amount: '20.00', method: 'card' },
    });
    const page = await ctx.api.request('GET', new URL(res.body.redirect_url).pathname);
    expect(page.headers.get('content-security-policy')).toContain(
      "form-action 'self' http://localhost:4321 http://127.0.0.1:4321 http://[::1]:4321;",
    );
  });
});

describe('origins with SITE_URL and RETURN_ORIGINS', () => {
  const named = useTestApi({ SITE_URL: 'https://play.example', RETURN_ORIGINS: 'https://partner.example' });
  it('returns a path to a configured site the request came from, else to SITE_URL', async () => {
    const player = await named.api.player();
    for (const [origin, expected] of [
      ['https://partner.example', 'https://partner.example/profile/deposit'],
      ['https://evil.example', 'https://play.example/profile/deposit'],
      ['http://127.0.0.1:4321', 'https://play.example/profile/deposit'],
    ] as const) {
      const res = await named.api.request('POST', '/api/user/payments/create-payment', {
        token: player.token,
        body: { amount: '20.00', method: 'card', return_url: '/profile/deposit' },
        headers: { origin },
      });
      expect(res.status).toBe(201);
      const cancel = await submitPaymentForm(named.api, new URL(res.body.redirect_url).pathname, 'cancel');
      const location = new URL(cancel.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`, origin).toBe(expected);
    }
  });
});
