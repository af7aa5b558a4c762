import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { open } from '../../server/src/services/secret-box.ts';
import { useTestApi } from './harness.ts';
import { authenticatorCode, turnOnTwoFactor } from './two-factor.ts';

// Addresses come from X-Forwarded-For (TRUST_PROXY=1), so each test signs in from its own.
const clock = manualClock();
const ctx = useTestApi({ LOGIN_MAX_FAILURES: '5', LOGIN_MAX_FAILURES_PER_ADDRESS: '50', TRUST_PROXY: '1' }, { clock });
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.5 Mobile/15E148 Safari/604.1';

const login = (body: Record<string, unknown>, address = '203.0.113.7', headers: Record<string, string> = {}) =>
  ctx.api.request('POST', '/auth/token/login/', { body, headers: { 'x-forwarded-for': address, ...headers } });
const codeAt = (secret: string, seconds = 0) => authenticatorCode(secret, clock(), seconds);

/** A player with two-factor sign-in on: its secret and backup codes. */
async function withTwoFactor() {
  const player = await ctx.api.player();
  const { secret, backupCodes } = await turnOnTwoFactor(ctx.api, player, clock());
  clock.advance(30);
  return { ...player, secret, backupCodes };
}

describe('sessions', () => {
  it('lists one session per sign-in with device, masked address and which one is current', async () => {
    const player = await ctx.api.player();
    const firefox = await login({ email: player.email, password: player.password }, '203.0.113.45', {
      'user-agent': FIREFOX_LINUX,
    });
    const iphone = await login({ email: player.email, password: player.password }, '2001:db8:abcd:12:1::5', {
      'user-agent': SAFARI_IPHONE,
    });
    const list = await ctx.api.request('GET', '/api/user/sessions', { token: firefox.body.auth_token });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    const byDevice = Object.fromEntries(
      list.body.map((session: { device: string; current: boolean }) => [session.device, session]),
    );
    expect(byDevice['Firefox · Linux']).toMatchObject({ ip: '203.0.113.x', current: true });
    expect(byDevice['Safari · iOS']).toMatchObject({ ip: '2001:db8:abcd::/48', current: false });
    for (const session of list.body) {
      expect(Object.keys(session).sort()).toEqual(['created_at', 'current', 'device', 'id', 'ip', 'last_used_at']);
      expect(typeof session.id).toBe('number');
    }
    expect(list.body.filter((session: { device: string; current: boolean }) => session.current)).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain('203.0.113.45');
    expect(
      (await ctx.api.request('GET', '/api/user/sessions', { token: iphone.body.auth_token })).body.find(
        (s: { current: boolean }) => s.current,
      ).device,
    ).toBe('Safari · iOS');
  });

  it('signs out one session by id; someone else’s or an unknown id is 404, a malformed id 400', async () => {
    const player = await ctx.api.player();
    const other = await ctx.api.player();
    const second = (await login({ email: player.email, password: player.password })).body.auth_token;
    const sessions = (await ctx.api.request('GET', '/api/user/sessions', { token: player.token })).body;
    const secondId = sessions.find((session: { device: string; current: boolean }) => !session.current).id;
    const otherId = (await ctx.api.request('GET', '/api/user/sessions', { token: other.token })).body[0].id;

    const foreign = await ctx.api.request('DELETE', `/api/user/sessions?id=${otherId}`, { token: player.token });
    expect(foreign.status).toBe(404);
    expect((await ctx.api.request('GET', '/api/user/me', { token: other.token })).status).toBe(200);
    expect((await ctx.api.request('DELETE', '/api/user/sessions?id=999999999', { token: player.token })).status).toBe(
      404,
    );
    for (const bad of ['', 'abc', '-1', '1.5', '1;DROP']) {
      const reply = await ctx.api.request('DELETE', `/api/user/sessions?id=${encodeURIComponent(bad)}`, {
        token: player.token,
      });
      expect(reply.status, bad).toBe(400);
      expect(reply.body.id).toHaveLength(1);
    }
    expect((await ctx.api.request('DELETE', '/api/user/sessions', { token: player.token })).status).toBe(400);

    expect((await ctx.api.request('DELETE', `/api/user/sessions?id=${secondId}`, { token: player.token })).status).toBe(
      204,
    );
    const ended = await ctx.api.request('GET', '/api/user/me', { token: second });
    expect(ended.status).toBe(401);
    expect(ended.body).toEqual({ detail: 'Your session has ended. Please sign in again.' });
    expect((await ctx.api.request('GET', '/api/user/me', { token: player.token })).status).toBe(200);
    expect((await ctx.api.request('DELETE', `/api/user/sessions?id=${secondId}`, { token: player.token })).status).toBe(
      404,
    );
  });

  it('answers 401 without a token', async () => {
    expect((await ctx.api.request('GET', '/api/user/sessions')).status).toBe(401);
    expect((await ctx.api.request('DELETE', '/api/user/sessions?id=1')).status).toBe(401);
    expect((await ctx.api.request('POST', '/auth/token/logoutall/')).status).toBe(401);
  });

  it('leaves expired sessions out of the list', async () => {
    const player = await ctx.api.player();
    clock.advance(31 * 86_400);
    const fresh = (await login({ email: player.email, password: player.password })).body.auth_token;
    const list = await ctx.api.request('GET', '/api/user/sessions', { token: fresh });
    expect(list.body).toHaveLength(1);
    expect(list.body[0].current).toBe(true);
  });

  it('logoutall revokes every token of the player and no one else’s', async () => {
    const player = await ctx.api.player();
    const other = await ctx.api.player();
    const second = (await login({ email: player.email, password: player.password })).body.auth_token;
    expect((await ctx.api.request('POST', '/auth/token/logoutall/', { token: player.token })).status).toBe(204);
    expect((await ctx.api.request('GET', '/api/user/me', { token: player.token })).status).toBe(401);
    expect((await ctx.api.request('GET', '/api/user/me', { token: second })).status).toBe(401);
    expect((await ctx.api.request('GET', '/api/user/me', { token: other.token })).status).toBe(200);
    expect(await ctx.api.db.query('SELECT 1 FROM auth_tokens WHERE user_id = $1', [player.id])).toEqual([]);
  });
});

describe('two-factor sign-in', () => {
  it('activate answers the otpauth URL, the secret and a QR code; the secret is stored encrypted', async () => {
    const player = await ctx.api.player();
    const reply = await ctx.api.request('POST', '/api/user/2fa/activate', {
      token: player.token,
      body: { current_password: player.password },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(reply.body.otpauth_url).toMatch(/^otpauth:\/\/totp\/AmberPlay:/);
    expect(reply.body.otpauth_url).toContain(`secret=${reply.body.secret}`);
    expect(reply.body.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const [row] = await ctx.api.db.query<{ secret: string }>('SELECT secret FROM two_factor WHERE user_id = $1', [
      player.id,
    ]);
    expect(row!.secret).not.toContain(reply.body.secret);
    expect(ctx.api.logs.join('\n')).not.toContain(reply.body.secret);
    // Still pending: signing in needs no code yet.
    expect((await login({ email: player.email, password: player.password })).status).toBe(200);
    expect((await ctx.api.request('GET', '/api/user/2fa', { token: player.token })).body).toEqual({
      enabled: false,
      backup_codes_left: 0,
    });
  });

  it('confirm needs a set-up and the right code, then answers 10 distinct backup codes stored hashed', async () => {
    const player = await ctx.api.player();
    const early = await ctx.api.request('POST', '/api/user/2fa/activate/confirm', {
      token: player.token,
      body: { code: '123456', current_password: player.password },
    });
    expect(early.status).toBe(400);
    expect(early.body.non_field_errors).toHaveLength(1);
    const { secret } = (
      await ctx.api.request('POST', '/api/user/2fa/activate', {
        token: player.token,
        body: { current_password: player.password },
      })
    ).body;
    for (const [body, field] of [
      [{}, 'code'],
      [{ code: 12 }, 'code'],
      [{ code: '12\u202e3456' }, 'code'],
      [{ code: 'x'.repeat(40) }, 'code'],
      [{ code: '12<34' }, 'code'],
    ] as const) {
      const reply = await ctx.api.request('POST', '/api/user/2fa/activate/confirm', {
        token: player.token,
        body: { ...body, current_password: player.password },
      });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(reply.body)).toEqual([field]);
    }
    const wrong = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await ctx.api.request('POST', '/api/user/2fa/activate/confirm', {
      token: player.token,
      body: { code: wrong, current_password: player.password },
    });
    expect(refused.body).toEqual({ code: ['This code is wrong or has already been used.'] });
    const ok = await ctx.api.request('POST', '/api/user/2fa/activate/confirm', {
      token: player.token,
      body: { code: codeAt(secret), current_password: player.password },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.backup_codes).toHaveLength(10);
    expect(new Set(ok.body.backup_codes).size).toBe(10);
    const stored = await ctx.api.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM two_factor_backup_codes WHERE user_id = $1',
      [player.id],
    );
    expect(stored).toHaveLength(10);
    for (const code of ok.body.backup_codes) expect(stored.map((row) => row.code_hash)).not.toContain(code);
    expect((await ctx.api.request('GET', '/api/user/2fa', { token: player.token })).body).toEqual({
      enabled: true,
      backup_codes_left: 10,
    });
    // On: neither a new set-up nor a second confirmation.
    expect(
      (
        await ctx.api.request('POST', '/api/user/2fa/activate', {
          token: player.token,
          body: { current_password: player.password },
        })
      ).status,
    ).toBe(400);
  });

  it('sign-in asks for the code, takes the current one (±1 step) and refuses a replay', async () => {
    const player = await withTwoFactor();
    const noCode = await login({ email: player.email, password: player.password }, '198.51.100.1');
    expect(noCode.status).toBe(400);
    expect(noCode.body).toEqual({ code: ['Enter the code from your authenticator app, or a backup code.'] });
    // The step the set-up was confirmed with is spent: its code is refused from now on.
    expect(
      (
        await login(
          { email: player.email, password: player.password, code: codeAt(player.secret, -30) },
          '198.51.100.1',
        )
      ).status,
    ).toBe(400);
    const code = codeAt(player.secret);
    const signedIn = await login({ email: player.email, password: player.password, code }, '198.51.100.1');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.auth_token).toMatch(/^[0-9a-f]{40}$/);
    const replay = await login({ email: player.email, password: player.password, code }, '198.51.100.2');
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ code: ['This code is wrong or has already been used.'] });
    // A wrong password with a right code is still just a wrong password.
    expect(
      (await login({ email: player.email, password: 'wrong-password-1', code: codeAt(player.secret) }, '198.51.100.3'))
        .body,
    ).toEqual({
      non_field_errors: ['Unable to log in with provided credentials.'],
    });
    // Two steps ahead is too far; one step ahead (a fast phone clock) is fine.
    expect(
      (await login({ email: player.email, password: player.password, code: codeAt(player.secret, 60) }, '198.51.100.4'))
        .status,
    ).toBe(400);
    expect(
      (await login({ email: player.email, password: player.password, code: codeAt(player.secret, 30) }, '198.51.100.4'))
        .status,
    ).toBe(200);
  });

  it('takes one code once even from parallel sign-ins', async () => {
    const player = await withTwoFactor();
    const code = codeAt(player.secret);
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        login({ email: player.email, password: player.password, code }, `192.0.2.${index + 10}`),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
  });

  it('a backup code works once, in any case and with or without dashes', async () => {
    const player = await withTwoFactor();
    const [first, second] = player.backupCodes;
    const ok = await login(
      { email: player.email, password: player.password, code: first!.toUpperCase().replaceAll('-', ' ') },
      '198.51.100.20',
    );
    expect(ok.status).toBe(200);
    const again = await login({ email: player.email, password: player.password, code: first! }, '198.51.100.21');
    expect(again.body).toEqual({ code: ['This code is wrong or has already been used.'] });
    const parallel = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        login({ email: player.email, password: player.password, code: second! }, `198.51.100.${30 + n}`),
      ),
    );
    expect(parallel.map((reply) => reply.status).sort()).toEqual([200, 400, 400, 400]);
    expect((await ctx.api.request('GET', '/api/user/2fa', { token: ok.body.auth_token })).body.backup_codes_left).toBe(
      8,
    );
  });

  it('wrong codes count toward the sign-in limit and do not reset it', async () => {
    const player = await withTwoFactor();
    const address = '198.51.100.77';
    for (let i = 0; i < 5; i++) {
      const reply = await login({ email: player.email, password: player.password, code: `00000${i}` }, address);
      expect(reply.status, `try ${i}`).toBe(400);
      expect(reply.body.code).toHaveLength(1);
    }
    const locked = await login(
      { email: player.email, password: player.password, code: codeAt(player.secret) },
      address,
    );
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBeTruthy();
  });

  it('asking for the code is no failure for the address, but counts for the pair until a right code', async () => {
    const player = await withTwoFactor();
    const address = '198.51.100.88';
    const count = async (key: string) =>
      (await ctx.api.db.query<{ count: number }>('SELECT count FROM rate_counters WHERE key = $1', [key]))[0]?.count ??
      0;
    expect((await login({ email: player.email, password: player.password }, address)).status).toBe(400);
    expect(await count(`login:${address}`)).toBe(0);
    expect(await count(`login:${address}:${player.email}`)).toBe(1);
    expect(
      (await login({ email: player.email, password: player.password, code: codeAt(player.secret) }, address)).status,
    ).toBe(200);
    expect(await count(`login:${address}:${player.email}`)).toBe(0);
  });

  it('sign-in refuses a malformed code with a clear message', async () => {
    const player = await withTwoFactor();
    for (const code of ['12\u00003456', 'abc!def', 'x'.repeat(21), 123456]) {
      const reply = await login({ email: player.email, password: player.password, code }, '198.51.100.90');
      expect(reply.status, String(code)).toBe(400);
      expect(Object.keys(reply.body)).toEqual(['code']);
    }
  });

  it('deactivate needs the password and a code; then sign-in needs no code', async () => {
    const player = await withTwoFactor();
    const deactivate = (body: unknown) =>
      ctx.api.request('POST', '/api/user/2fa/deactivate', { token: player.token, body });
    const missing = await deactivate({});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body).sort()).toEqual(['code', 'current_password']);
    expect((await deactivate({ current_password: 'wrong-password', code: codeAt(player.secret) })).body).toEqual({
      current_password: ['Invalid password.'],
    });
    expect((await deactivate({ current_password: player.password, code: '000000' })).body).toEqual({
      code: ['This code is wrong or has already been used.'],
    });
    expect((await deactivate({ current_password: player.password, code: codeAt(player.secret) })).status).toBe(204);
    expect(await ctx.api.db.query('SELECT 1 FROM two_factor_backup_codes WHERE user_id = $1', [player.id])).toEqual([]);
    expect((await login({ email: player.email, password: player.password }, '198.51.100.60')).status).toBe(200);
    expect(
      (await deactivate({ current_password: player.password, code: codeAt(player.secret) })).body.non_field_errors,
    ).toHaveLength(1);
  });

  it('deactivate is limited per player, so a session cannot guess without end', async () => {
    const player = await withTwoFactor();
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await ctx.api.request('POST', '/api/user/2fa/deactivate', {
            token: player.token,
            body: { current_password: `wrong-${i}-password`, code: '000000' },
          })
        ).status,
      ).toBe(400);
    }
    const locked = await ctx.api.request('POST', '/api/user/2fa/deactivate', {
      token: player.token,
      body: { current_password: player.password, code: codeAt(player.secret) },
    });
    expect(locked.status).toBe(429);
  });

  it('after an RSA key rotation the secret still works and is sealed again under the new key', async () => {
    const player = await withTwoFactor();
    const keys = ctx.api.services.privateKeys;
    const rotated = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    keys.unshift(rotated);
    try {
      expect(
        (await login({ email: player.email, password: player.password, code: codeAt(player.secret) }, '198.51.100.50'))
          .status,
      ).toBe(200);
      const [row] = await ctx.api.db.query<{ secret: string }>('SELECT secret FROM two_factor WHERE user_id = $1', [
        player.id,
      ]);
      expect(open([rotated], row!.secret)).toEqual({ plain: player.secret, stale: false });
    } finally {
      keys.shift();
    }
  });

  it('messages come in the request’s language', async () => {
    const player = await withTwoFactor();
    const reply = await login({ email: player.email, password: player.password }, '198.51.100.99', {
      'accept-language': 'ru',
    });
    expect(reply.body).toEqual({ code: ['Введите код из приложения-аутентификатора или резервный код.'] });
  });
});
