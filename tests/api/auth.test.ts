import { describe, expect, it } from 'vitest';
import { ADULT, useTestApi } from './harness.ts';

const ctx = useTestApi({ LOGIN_MAX_FAILURES: '3' });
const userCount = async () => (await ctx.api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n;

describe('POST /auth/users/', () => {
  it('registers from an encrypted body: 201 with email and username, no id or password; then activation', async () => {
    const res = await ctx.api.request('POST', '/auth/users/', {
      body: { email: 'Ana@Example.test', username: 'ana_b', password: 'amber-lantern-9', ...ADULT },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ email: 'ana@example.test', username: 'ana_b' });
    const [row] = await ctx.api.db.query<{ password_hash: string; activated_at: Date | null }>(
      'SELECT password_hash, activated_at FROM users WHERE email = $1',
      ['ana@example.test'],
    );
    expect(row!.password_hash).toMatch(/^scrypt\$/);
    expect(row!.password_hash).not.toContain('amber-lantern-9');
    expect(row!.activated_at).toBeNull();
  });

  it.each([
    [
      'invalid email',
      { email: 'not-an-email', username: 'valid_name', password: 'amber-lantern-9', ...ADULT },
      'email',
      'Enter a valid email address.',
    ],
    [
      'username taken, other case',
      { email: 'new@example.test', username: 'ANA_B', password: 'amber-lantern-9', ...ADULT },
      'username',
      'This username is already taken.',
    ],
    [
      'short password',
      { email: 'x1@example.test', username: 'xname1', password: 'short1', ...ADULT },
      'password',
      'The password must have at least 8 characters.',
    ],
    [
      'numeric password',
      { email: 'x2@example.test', username: 'xname2', password: '1234567890', ...ADULT },
      'password',
      'The password cannot be only digits.',
    ],
    [
      'password like the username',
      { email: 'x3@example.test', username: 'goldrunner', password: 'goldrunner1', ...ADULT },
      'password',
      'The password is too similar to your username.',
    ],
    [
      'password like the email',
      { email: 'silverfox@example.test', username: 'xname4', password: 'silverfox12', ...ADULT },
      'password',
      'The password is too similar to your email address.',
    ],
    [
      'HTML in the username',
      { email: 'x6@example.test', username: '<b>x</b>', password: 'amber-lantern-9', ...ADULT },
      'username',
      'Use 3 to 30 characters: letters, digits and . _ - only.',
    ],
    [
      'SQL in the username',
      { email: 'x7@example.test', username: "x'; DROP TABLE users;--", password: 'amber-lantern-9', ...ADULT },
      'username',
      'Use 3 to 30 characters: letters, digits and . _ - only.',
    ],
    [
      'a number for the email',
      { email: 42, username: 'xname8', password: 'amber-lantern-9', ...ADULT },
      'email',
      'Enter text here.',
    ],
  ])('refuses %s with 400 on the field and creates nobody', async (_name, body, field, message) => {
    const before = await userCount();
    const res = await ctx.api.request('POST', '/auth/users/', { body });
    expect(res.status).toBe(400);
    expect(res.body[field]).toContain(message);
    expect(await userCount()).toBe(before);
  });

  it('lists every missing field at once', async () => {
    const res = await ctx.api.request('POST', '/auth/users/', { body: {} });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['accept_terms', 'date_of_birth', 'email', 'password', 'username']);
    expect(res.body.email).toEqual(['This field is required.']);
  });

  it('translates messages into the Accept-Language of the request', async () => {
    const res = await ctx.api.request('POST', '/auth/users/', {
      body: { email: 'bad' },
      headers: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' },
    });
    expect(res.status).toBe(400);
    expect(res.body.email[0]).not.toBe('Enter a valid email address.');
    expect(res.body.email[0]).toMatch(/[а-я]/i);
  });

  it('registers a player whose ref matches nobody, without a referrer, and says the code was ignored', async () => {
    const res = await ctx.api.request('POST', '/auth/users/', {
      body: {
        email: 'stale@example.test',
        username: 'stale_ref',
        password: 'amber-lantern-9',
        ref: 'NOSUCHCODE',
        ...ADULT,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ email: 'stale@example.test', username: 'stale_ref', ref_ignored: true });
    const [row] = await ctx.api.db.query<{ referred_by: number | null }>(
      'SELECT referred_by FROM users WHERE email = $1',
      ['stale@example.test'],
    );
    expect(row!.referred_by).toBeNull();
  });

  it('links a player registered with a valid ref to the referrer', async () => {
    const referrer = await ctx.api.player();
    const me = await ctx.api.request('GET', '/api/user/me', { token: referrer.token });
    await ctx.api.player({ ref: me.body.referral_code.toLowerCase() });
    const stats = await ctx.api.request('GET', '/api/user/referral-stats', { token: referrer.token });
    expect(stats.body).toMatchObject({ referral_code: me.body.referral_code, invited: 1, active: 0, earned: '0.00' });
  });
});

describe('POST /auth/token/login/ and logout', () => {
  it('answers a 40-hex token, stores only its hash, and revokes it on logout', async () => {
    const player = await ctx.api.player();
    expect(player.token).toMatch(/^[0-9a-f]{40}$/);
    const stored = await ctx.api.db.query<{ key_hash: string }>('SELECT key_hash FROM auth_tokens WHERE user_id = $1', [
      player.id,
    ]);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.key_hash).not.toBe(player.token);

    expect((await ctx.api.request('GET', '/api/user/me', { token: player.token })).status).toBe(200);
    const out = await ctx.api.request('POST', '/auth/token/logout/', { token: player.token });
    expect(out.status).toBe(204);
    const after = await ctx.api.request('GET', '/api/user/me', { token: player.token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ detail: 'Your session has ended. Please sign in again.' });
  });

  it('answers Djoser’s 400 for a wrong password and for an unknown email alike', async () => {
    const player = await ctx.api.player();
    for (const body of [
      { email: player.email, password: 'wrong-password' },
      { email: 'nobody@example.test', password: 'whatever-1' },
    ]) {
      const res = await ctx.api.request('POST', '/auth/token/login/', { body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
    }
  });

  it('rate-limits repeated failures with 429 and Retry-After, even for the right password', async () => {
    const player = await ctx.api.player();
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await ctx.api.request('POST', '/auth/token/login/', {
            body: { email: player.email, password: `wrong-${i}-pass` },
          })
        ).status,
      ).toBe(400);
    }
    const res = await ctx.api.request('POST', '/auth/token/login/', {
      body: { email: player.email.toUpperCase(), password: player.password },
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.body.detail).toMatch(/Too many failed sign-in attempts/);
  });

  it('answers 401 to logout without a valid token', async () => {
    expect((await ctx.api.request('POST', '/auth/token/logout/')).status).toBe(401);
    const res = await ctx.api.request('POST', '/auth/token/logout/', { token: 'f'.repeat(40) });
    expect(res.status).toBe(401);
    expect(res.body.detail).toBeTypeOf('string');
  });

  it('refuses a login body without fields', async () => {
    const res = await ctx.api.request('POST', '/auth/token/login/', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ email: ['This field is required.'], password: ['This field is required.'] });
  });
});

describe('request log', () => {
  it('has one JSON line per request with method, path, status and duration, and never a secret', async () => {
    ctx.api.logs.length = 0;
    const secret = 'never-log-this-9';
    const email = 'logcheck@example.test';
    await ctx.api.request('POST', '/auth/users/', {
      body: { email, username: 'logcheck', password: secret, ...ADULT },
      encrypt: false,
    });
    await ctx.api.activate(email);
    const login = await ctx.api.request('POST', '/auth/token/login/', { body: { email, password: secret } });
    await ctx.api.request('GET', `/api/user/history?type=deposit&token=${login.body.auth_token}`, {
      token: login.body.auth_token,
    });
    await ctx.api.mailer.settled();
    // Register, activate, sign in, history; plus the mail line naming the activation mail's file.
    const requests = ctx.api.logs.filter((line) => line.startsWith('{'));
    expect(requests).toHaveLength(4);
    expect(ctx.api.logs.filter((line) => !line.startsWith('{'))).toEqual([
      expect.stringMatching(/^mail: wrote \S+\.eml$/),
    ]);
    for (const line of ctx.api.logs) {
      if (line.startsWith('{'))
        expect(Object.keys(JSON.parse(line)).sort()).toEqual([
          'id',
          'level',
          'method',
          'ms',
          'path',
          'route',
          'status',
          'time',
        ]);
      expect(line).not.toContain(secret);
      expect(line).not.toContain(email);
      expect(line).not.toContain(login.body.auth_token);
    }
    expect(JSON.parse(requests[3]!)).toMatchObject({ method: 'GET', path: '/api/user/history', status: 200 });
  });
});

describe('authenticated routes', () => {
  it.each([
    ['GET', '/api/user/me'],
    ['PATCH', '/api/user/update'],
    ['GET', '/api/user/notification?mode=own'],
    ['DELETE', '/api/user/notification?id=1'],
    ['POST', '/api/user/payments/create-payment'],
    ['POST', '/api/user/withdrawal'],
    ['GET', '/api/user/history'],
    ['GET', '/api/user/referral-stats'],
    ['POST', '/gmnggate/api'],
  ])('%s %s answers 401 {detail} without a token and with a malformed one', async (method, path) => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer abc' },
      { authorization: `Token ${'0'.repeat(40)}` },
    ]) {
      const res = await ctx.api.request(method, path, { headers });
      expect(res.status).toBe(401);
      expect(res.body.detail).toBeTypeOf('string');
    }
  });
});
