/**
 * A stolen token alone cannot turn two-factor sign-in on (and get the backup
 * codes) or off. Each step needs `current_password` (400 on that field without it), and wrong
 * passwords count like set_password's (429 beyond LOGIN_MAX_FAILURES). A password reset leaves
 * two-factor on, and its mail says so and how to use a backup code.
 */
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';
import { mailTo } from './operator-harness.ts';

const clock = manualClock(new Date('2026-06-10T08:00:00Z'));
const ctx = useTestApi({}, { clock });
const codeAt = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: clock().getTime() });
const post = (path: string, token: string, body?: unknown) => ctx.api.request('POST', path, { token, body });
const REQUIRED = ['This field is required.'];
const WRONG = ['Invalid password.'];

describe('turning two-factor sign-in on or off needs the current password', () => {
  it('activate: 400 on current_password without it or with a wrong one; nothing is set up', async () => {
    const player = await ctx.api.player();
    const missing = await post('/api/user/2fa/activate', player.token);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ current_password: REQUIRED });
    const wrong = await post('/api/user/2fa/activate', player.token, { current_password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ current_password: WRONG });
    expect(await ctx.api.db.query('SELECT 1 FROM two_factor WHERE user_id = $1', [player.id])).toEqual([]);
  });

  it('confirm: the right code alone is not enough; no backup codes without the password', async () => {
    const player = await ctx.api.player();
    const { secret } = (await post('/api/user/2fa/activate', player.token, { current_password: player.password })).body;
    const missing = await post('/api/user/2fa/activate/confirm', player.token, { code: codeAt(secret) });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ current_password: REQUIRED });
    const wrong = await post('/api/user/2fa/activate/confirm', player.token, {
      code: codeAt(secret),
      current_password: 'not-my-password',
    });
    expect(wrong.body).toEqual({ current_password: WRONG });
    expect(await ctx.api.db.query('SELECT 1 FROM two_factor_backup_codes WHERE user_id = $1', [player.id])).toEqual([]);
    expect((await ctx.api.request('GET', '/api/user/2fa', { token: player.token })).body).toEqual({
      enabled: false,
      backup_codes_left: 0,
    });
    const ok = await post('/api/user/2fa/activate/confirm', player.token, {
      code: codeAt(secret),
      current_password: player.password,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.backup_codes).toHaveLength(10);
  });

  it('wrong passwords count like set_password: the 6th try is 429, even with the right password', async () => {
    const player = await ctx.api.player();
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/api/user/2fa/activate', player.token, { current_password: `wrong-${i}-password` })).status,
      ).toBe(400);
    }
    const locked = await post('/api/user/2fa/activate', player.token, { current_password: player.password });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('password reset with two-factor on', () => {
  it('the reset mail says two-factor stays on and how to use a backup code; without it, nothing is said', async () => {
    const withTwoFactor = await ctx.api.player();
    const { secret } = (
      await post('/api/user/2fa/activate', withTwoFactor.token, { current_password: withTwoFactor.password })
    ).body;
    expect(
      (
        await post('/api/user/2fa/activate/confirm', withTwoFactor.token, {
          code: codeAt(secret),
          current_password: withTwoFactor.password,
        })
      ).status,
    ).toBe(200);
    const without = await ctx.api.player();
    for (const player of [withTwoFactor, without]) {
      expect(
        (await ctx.api.request('POST', '/auth/users/reset_password/', { body: { email: player.email } })).status,
      ).toBe(204);
    }
    const sentence =
      'Two-factor sign-in stays on after a new password: signing in still needs a code from your ' +
      'authenticator app. If you no longer have the app, enter one of your backup codes in the code field ' +
      'instead; each backup code works once.';
    const resetOf = async (email: string) =>
      (await mailTo(ctx.api, email)).find((mail) => mail.subject === 'Reset your AmberPlay password')!;
    expect((await resetOf(withTwoFactor.email)).text!.split('\n\n')).toContain(sentence);
    expect((await resetOf(without.email)).text).not.toContain('Two-factor');
  });
});
