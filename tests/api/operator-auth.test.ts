import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { createTestApi, useTestApi } from './harness.ts';
import {
  auditOf,
  ConsoleClient,
  newStaffAccount,
  passwordStep,
  staffMember,
  STAFF_PASSWORD,
  totpCode,
} from './operator-harness.ts';
import { CONSOLE_PAGES } from '../operator-pages.ts';

const clock = manualClock(new Date('2026-03-02T10:00:00Z'));
const ctx = useTestApi({ LOGIN_MAX_FAILURES: '3' }, { clock });

describe('staff sign-in', () => {
  it('first sign-in: replace the one-time password, enrol TOTP by QR code; the old password then fails', async () => {
    const account = await newStaffAccount(ctx.api, 'support');
    const client = new ConsoleClient(ctx.api);
    const first = await passwordStep(client, account.email, account.oneTimePassword);
    expect(first.status).toBe(303);
    expect(first.location).toBe('/operator/password');
    // Nothing else is reachable before the new password.
    expect((await client.get('/operator/withdrawals')).location).toBe('/operator/password');
    await client.get('/operator/password');
    const weak = await client.post('/operator/password', {
      new_password: 'password123',
      confirm_password: 'password123',
    });
    expect(weak.status).toBe(400);
    const mismatch = await client.post('/operator/password', {
      new_password: STAFF_PASSWORD,
      confirm_password: `${STAFF_PASSWORD}x`,
    });
    expect(mismatch.text).toContain('The two passwords differ.');
    const same = await client.post('/operator/password', {
      new_password: account.oneTimePassword,
      confirm_password: account.oneTimePassword,
    });
    expect(same.status).toBe(400);
    const changed = await client.post('/operator/password', {
      new_password: STAFF_PASSWORD,
      confirm_password: STAFF_PASSWORD,
    });
    expect(changed.location).toBe('/operator/two-factor/setup');
    expect((await client.get('/operator')).location).toBe('/operator/two-factor/setup');
    const setup = await client.get('/operator/two-factor/setup');
    expect(setup.text).toMatch(/<img class="qr" src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+" alt="QR code/);
    const secret = /data-totp-secret>([A-Z2-7]+)</.exec(setup.text)![1]!;
    const wrong = await client.post('/operator/two-factor/setup', {
      code: totpCode(ctx.api, secret) === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    // The secret already scanned is kept, and the page says what to do.
    expect(/data-totp-secret>([A-Z2-7]+)</.exec(wrong.text)![1]).toBe(secret);
    expect(wrong.text).toContain('The key below is the same one you scanned');
    const done = await client.post('/operator/two-factor/setup', { code: totpCode(ctx.api, secret) });
    expect(done.location).toBe('/operator');
    expect((await client.get('/operator')).status).toBe(200);
    expect((await auditOf(ctx.api, 'staff', account.id)).map((row) => row.action)).toEqual([
      'staff.create',
      'staff.password_change',
      'staff.code_failed',
      'staff.two_factor_enrol',
    ]);

    const again = new ConsoleClient(ctx.api);
    const refused = await passwordStep(again, account.email, account.oneTimePassword);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Wrong email or password.');
  });

  it('every later sign-in needs the current code; a wrong or reused code is refused', async () => {
    const staff = await staffMember(ctx.api, 'admin');
    const client = new ConsoleClient(ctx.api);
    expect((await passwordStep(client, staff.email, STAFF_PASSWORD)).location).toBe('/operator/two-factor');
    expect((await client.get('/operator/withdrawals')).location).toBe('/operator/two-factor');
    await client.get('/operator/two-factor');
    // The enrolment used this step's code: the same code never works twice.
    const reused = await client.post('/operator/two-factor', { code: totpCode(ctx.api, staff.secret) });
    expect(reused.status).toBe(400);
    clock.advance(30);
    const ok = await client.post('/operator/two-factor', { code: totpCode(ctx.api, staff.secret) });
    expect(ok.location).toBe('/operator');
    expect((await client.get('/operator/withdrawals')).status).toBe(200);
    expect((await auditOf(ctx.api, 'staff', staff.id)).at(-1)!.action).toBe('staff.sign_in');
  });

  it('the session cookie is HttpOnly, SameSite=Strict, scoped to /operator, renewed after two-factor', async () => {
    const account = await newStaffAccount(ctx.api, 'support');
    const client = new ConsoleClient(ctx.api);
    await client.get('/operator/sign-in');
    const body = new URLSearchParams({ email: account.email, password: account.oneTimePassword, csrf: client.csrf });
    const response = await ctx.api.app.request('/operator/sign-in', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: [...client.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
      },
      body: body.toString(),
    });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('operator_session='))!;
    expect(cookie).toMatch(/; Path=\/operator(;|$)/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const staff = await staffMember(ctx.api, 'support');
    const before = staff.client.cookies.get('operator_session');
    const again = new ConsoleClient(ctx.api);
    await passwordStep(again, staff.email, STAFF_PASSWORD);
    const partial = again.cookies.get('operator_session');
    await again.get('/operator/two-factor');
    await again.post('/operator/two-factor', { code: totpCode(ctx.api, staff.secret, 1) });
    expect(again.cookies.get('operator_session')).not.toBe(partial);
    expect(before).toBeTruthy();
  });

  it("staff sign-in is rate-limited like players' (429 with Retry-After), even with the right password", async () => {
    const staff = await staffMember(ctx.api, 'support');
    const client = new ConsoleClient(ctx.api, { 'x-forwarded-for': '198.51.100.77' });
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await passwordStep(client, staff.email, 'wrong-password-1')).status).toBe(400);
    const locked = await passwordStep(client, staff.email, STAFF_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(locked.text).toContain('Too many');
  });

  it('the sign-in form refuses a post without its own token (403)', async () => {
    const staff = await staffMember(ctx.api, 'support');
    const client = new ConsoleClient(ctx.api);
    await client.get('/operator/sign-in');
    const res = await client.post(
      '/operator/sign-in',
      { email: staff.email, password: STAFF_PASSWORD },
      { csrf: 'forged' },
    );
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().some((line) => line.startsWith('operator_session='))).toBe(false);
  });

  it('sign-out ends the session', async () => {
    const staff = await staffMember(ctx.api, 'support');
    const cookie = staff.client.cookies.get('operator_session')!;
    await staff.client.get('/operator');
    const out = await staff.client.post('/operator/sign-out');
    expect(out.location).toBe('/operator/sign-in?signed_out=1');
    const replay = new ConsoleClient(ctx.api);
    replay.cookies.set('operator_session', cookie);
    expect((await replay.get('/operator')).location).toBe('/operator/sign-in');
  });
});

describe('console session', () => {
  it("ends after 30 minutes without a request (services' clock); each request restarts the 30 minutes", async () => {
    const staff = await staffMember(ctx.api, 'admin');
    clock.advance(29 * 60);
    expect((await staff.client.get('/operator/withdrawals')).status).toBe(200);
    clock.advance(29 * 60);
    expect((await staff.client.get('/operator/withdrawals')).status).toBe(200);
    clock.advance(30 * 60);
    const expired = await staff.client.get('/operator/withdrawals');
    expect(expired.status).toBe(303);
    expect(expired.location).toBe('/operator/sign-in?expired=1');
    const [left] = await ctx.api.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM staff_sessions WHERE staff_id = $1',
      [staff.id],
    );
    expect(left!.n).toBe(0);
    const post = await staff.client.post('/operator/players/1/notes', { body: 'late' });
    expect(post.status).toBe(403);
  });

  it("every change needs the session's CSRF token: missing or wrong is refused (403) and changes nothing", async () => {
    const staff = await staffMember(ctx.api, 'admin');
    const player = await ctx.api.player();
    await staff.client.get(`/operator/players/${player.id}`);
    for (const csrf of [false, 'wrong-token', ''] as const) {
      const res = await staff.client.post(
        `/operator/players/${player.id}/notes`,
        { body: 'Called about bonus' },
        { csrf },
      );
      expect(res.status).toBe(403);
      expect(res.text).toContain('The form has expired or did not come from this console.');
    }
    // A token of another staff member's session is wrong too.
    const other = await staffMember(ctx.api, 'admin');
    await other.client.get('/operator');
    expect(
      (await staff.client.post(`/operator/players/${player.id}/notes`, { body: 'x' }, { csrf: other.client.csrf }))
        .status,
    ).toBe(403);
    expect(await auditOf(ctx.api, 'player', player.id)).toEqual([]);
    const [notes] = await ctx.api.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM staff_notes WHERE user_id = $1',
      [player.id],
    );
    expect(notes!.n).toBe(0);
    expect(
      (await staff.client.post(`/operator/players/${player.id}/notes`, { body: 'Called about bonus' })).status,
    ).toBe(303);
  });

  it('a player token never works: 403 on every page and change, even beside a valid staff session', async () => {
    const player = await ctx.api.player();
    const staff = await staffMember(ctx.api, 'admin');
    const withToken = new ConsoleClient(ctx.api, { authorization: `Token ${player.token}` });
    for (const path of [...CONSOLE_PAGES, '/operator/sign-in'])
      expect((await withToken.get(path)).status, path).toBe(403);
    for (const [name, value] of staff.client.cookies) withToken.cookies.set(name, value);
    withToken.csrf = staff.client.csrf;
    for (const path of CONSOLE_PAGES) expect((await withToken.get(path)).status, path).toBe(403);
    expect((await withToken.post(`/operator/players/${player.id}/notes`, { body: 'x' })).status).toBe(403);
    expect((await withToken.post('/operator/sign-in', { email: staff.email, password: STAFF_PASSWORD })).status).toBe(
      403,
    );
  });

  it('pages are noindex (meta and X-Robots-Tag), never cached, strict CSP without inline script or style', async () => {
    const staff = await staffMember(ctx.api, 'support');
    for (const path of [...CONSOLE_PAGES, '/operator/sign-in']) {
      const client = path === '/operator/sign-in' ? new ConsoleClient(ctx.api) : staff.client;
      const res = await client.get(path);
      expect(res.status, path).toBe(path === '/operator/news' ? 403 : 200);
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("form-action 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.text).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(res.text).not.toMatch(/<script|style="/);
      if (path !== '/operator/sign-in') expect(res.text.includes('href="/operator/news"')).toBe(false);
    }
  });

  it("an unknown path answers the console's 404, not the site", async () => {
    const staff = await staffMember(ctx.api, 'support');
    const res = await staff.client.get('/operator/nothing-here');
    expect(res.status).toBe(404);
    expect(res.text).toContain('Nothing here.');
  });
});

describe('OPERATOR_ALLOWED_IPS', () => {
  it('refuses (403) every console path from other addresses, and allows listed addresses and ranges', async () => {
    const api = await createTestApi(
      { TRUST_PROXY: '1', OPERATOR_ALLOWED_IPS: '203.0.113.0/24, 2001:db8::7' },
      { clock },
    );
    try {
      const outside = new ConsoleClient(api, { 'x-forwarded-for': '198.51.100.9' });
      for (const path of ['/operator/sign-in', '/operator', '/operator/withdrawals']) {
        const res = await outside.get(path);
        expect(res.status, path).toBe(403);
        expect(res.text).toContain('cannot be opened from this address');
      }
      expect(
        (await outside.post('/operator/sign-in', { email: 'a@b.test', password: 'x' }, { csrf: 'x' })).status,
      ).toBe(403);
      const inside = await staffMember(api, 'admin', { 'x-forwarded-for': '203.0.113.45' });
      expect((await inside.client.get('/operator/withdrawals')).status).toBe(200);
      expect((await new ConsoleClient(api, { 'x-forwarded-for': '2001:db8::7' }).get('/operator/sign-in')).status).toBe(
        200,
      );
      expect((await new ConsoleClient(api, { 'x-forwarded-for': '2001:db8::8' }).get('/operator/sign-in')).status).toBe(
        403,
      );
      // The same session from an address outside the list is refused too.
      const moved = new ConsoleClient(api, { 'x-forwarded-for': '198.51.100.9' });
      for (const [name, value] of inside.client.cookies) moved.cookies.set(name, value);
      expect((await moved.get('/operator/withdrawals')).status).toBe(403);
    } finally {
      await api.close();
    }
  }, 120_000); // a second API: PGlite's start-up on a busy machine is not what this measures

  it('refuses a malformed list at start', async () => {
    await expect(createTestApi({ OPERATOR_ALLOWED_IPS: '10.0.0.0/99' })).rejects.toThrow(/OPERATOR_ALLOWED_IPS/);
  });
});
