import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { startStandInRegister } from '../../server/src/ops/exclusion-register-stand-in.ts';
import { newcomers } from './fixtures/newcomers.ts';
import { ADULT, createTestApi, useTestApi } from './harness.ts';

/**
 * MARKET=GB at registration and sign-in (docs/markets.md): a UKGC licence covers residents of Great Britain only,
 * so the country of residence is required and any other is refused. On PGlite and, with DATABASE_URL, PostgreSQL.
 */
const clock = manualClock();
const ctx = useTestApi({ MARKET: 'GB' }, { clock });

const newcomer = newcomers('gb');
const register = (body: Record<string, unknown>, locale = 'en') =>
  ctx.api.request('POST', '/auth/users/', { body, headers: { 'accept-language': locale } });
const passwordHashOf = async (email: string) =>
  (await ctx.api.db.query<{ h: string }>('SELECT password_hash AS h FROM users WHERE email = $1', [email]))[0]!.h;
const countryOf = async (email: string) =>
  (await ctx.api.db.query<{ country: string | null }>('SELECT country FROM users WHERE email = $1', [email]))[0];

describe('GB: the country of residence', () => {
  it('GET /api/market tells the page the licence covers GB residents only', async () => {
    const res = await ctx.api.request('GET', '/api/market');
    expect(res.body).toMatchObject({ countries: ['GB'], blocked_countries: [] });
  });

  it('a GB resident registers, and the country is stored and shown on /api/user/me', async () => {
    const body = newcomer({ country: 'GB' });
    expect((await register(body)).status).toBe(201);
    expect(await countryOf(body.email)).toEqual({ country: 'GB' });
    const { id } = await ctx.api.registerActive(
      newcomer({ country: 'GB', email: `me_${body.email}`, username: `me_${body.username}` }),
    );
    const player = await ctx.api.request('POST', '/auth/token/login/', {
      body: { email: `me_${body.email}`, password: body.password },
    });
    const me = await ctx.api.request('GET', '/api/user/me', { token: player.body.auth_token as string });
    expect(me.body).toMatchObject({ id, country: 'GB' });
  });

  it('another country is refused 403 country_not_offered, in the request’s language; nothing is made', async () => {
    const body = newcomer({ country: 'FR' });
    const res = await register(body);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: 'country_not_offered',
      detail:
        "This site's UK Gambling Commission licence does not cover players living in the country you chose, so it " +
        'cannot open an account for you.',
    });
    expect(await countryOf(body.email)).toBeUndefined();
    const german = await register(newcomer({ country: 'US' }), 'de');
    expect(german.status).toBe(403);
    expect(german.body.detail).toContain('UK Gambling Commission');
    expect(german.body.detail).toContain('Lizenz');
  });

  it('without a country the registration is refused 400: the licence depends on it', async () => {
    for (const country of [undefined, '', null]) {
      const res = await register(newcomer(country === undefined ? {} : { country }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ country: ['Choose the country you live in.'] });
    }
  });

  it('an unknown, lower-case or disguised code is refused 400 before anything else', async () => {
    for (const country of ['UK', 'gb', 'XX', 'GBR', 44, ['GB'], { code: 'GB' }]) {
      const res = await register(newcomer({ country }));
      expect(res.status, JSON.stringify(country)).toBe(400);
      expect(res.body.country).toEqual(['Choose a country from the list.']);
    }
    // A text-direction mark is refused by the input guard every text field has.
    const disguised = await register(newcomer({ country: 'G\u202eB' }));
    expect(disguised.status).toBe(400);
    expect(disguised.body.country).toEqual([
      'Remove invisible or control characters, such as zero-width spaces or text-direction marks.',
    ]);
  });
});

describe('GB: GAMSTOP, the self-exclusion register, at registration and sign-in', () => {
  const neutralSignIn = 'We cannot sign you in to this account. Please contact support at support@amberplay.test.';
  const signIn = (email: string, password: string) =>
    ctx.api.request('POST', '/auth/token/login/', { body: { email, password } });

  it('a clear person registers and signs in; the register was asked with the email and date of birth', async () => {
    const player = await ctx.api.player();
    expect(player.token).toBeTruthy();
    const asked = ctx.api.register.checks.filter((check) => check.email === player.email);
    // Once at registration, once at sign-in.
    expect(asked).toHaveLength(2);
    expect(asked[0]).toEqual({
      email: player.email,
      date_of_birth: ADULT.date_of_birth,
      first_name: '',
      last_name: '',
    });
  });

  it('a listed person cannot register: a neutral 403 that names no register, and nothing is made', async () => {
    const body = newcomer({ country: 'GB' });
    ctx.api.register.list({ email: body.email.toUpperCase(), date_of_birth: body.date_of_birth });
    const res = await register(body);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: 'account_unavailable',
      detail: 'We cannot open an account for you. Please contact support at support@amberplay.test.',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/GAMSTOP|exclu/i);
    expect(await countryOf(body.email)).toBeUndefined();
    // The same person born on another day is someone else.
    expect(
      (await register({ ...newcomer({ country: 'GB' }), email: body.email, date_of_birth: '1991-04-12' })).status,
    ).toBe(201);
  });

  it('a player listed after registering cannot sign in, told only after the right password', async () => {
    const player = await ctx.api.player();
    ctx.api.register.list({ email: player.email, date_of_birth: ADULT.date_of_birth });
    const wrong = await signIn(player.email, 'not-the-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body).not.toHaveProperty('error');
    const refused = await signIn(player.email, player.password);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'account_unavailable', detail: neutralSignIn });
    const german = await ctx.api.request('POST', '/auth/token/login/', {
      body: { email: player.email, password: player.password },
      headers: { 'accept-language': 'de' },
    });
    expect(german.body.detail).toBe(
      'Wir können Sie bei diesem Konto nicht anmelden. Bitte wenden Sie sich an den Support unter ' +
        'support@amberplay.test.',
    );
  });
});

describe('GB: GAMSTOP unreachable: fail closed', () => {
  it('sign-in and registration are refused 503 with a neutral message, and staff get a risk alert', async () => {
    const player = await ctx.api.player();
    const gone = await startStandInRegister();
    await gone.close();
    // The same deployment with its register gone: nothing answers at that address any more.
    const down = await createTestApi({ MARKET: 'GB', EXCLUSION_REGISTER_URL: gone.url }, { clock });
    try {
      // The player's account, copied into that deployment's database.
      await down.db.query(
        `INSERT INTO users (email, username, password_hash, currency, referral_code, locale, date_of_birth,
           terms_accepted_at, activated_at, date_joined) VALUES ($1, $2, $3, 'GBP', 'DOWNTEST', 'en', $4, $5, $5, $5)`,
        [player.email, player.username, await passwordHashOf(player.email), ADULT.date_of_birth, clock().toISOString()],
      );
      const refused = await down.request('POST', '/auth/token/login/', {
        body: { email: player.email, password: player.password },
      });
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ detail: 'We cannot complete this right now. Please try again later.' });
      expect(refused.headers.get('retry-after')).toBe('300');
      const alerts = await down.db.query<{ rule_id: string; severity: string; evidence: unknown }>(
        'SELECT rule_id, severity, evidence FROM risk_alerts WHERE user_id = (SELECT id FROM users WHERE email = $1)',
        [player.email],
      );
      expect(alerts).toEqual([
        {
          rule_id: 'market.register_unreachable',
          severity: 'high',
          evidence: { register: 'GAMSTOP', moment: 'sign_in' },
        },
      ]);
      const registration = await down.request('POST', '/auth/users/', { body: newcomer({ country: 'GB' }) });
      expect(registration.status).toBe(503);
      expect(registration.body).toEqual({ detail: 'We cannot complete this right now. Please try again later.' });
    } finally {
      await down.close();
    }
  });
});

describe('GB: a deposit limit offered at registration (RTS 12)', () => {
  it('one chosen at sign-up is the player’s monthly deposit limit, of any amount; none is fine too', async () => {
    const body = newcomer({ country: 'GB', deposit_limit: { amount: '2500.00', period: 'month' } });
    expect((await register(body)).status).toBe(201);
    const limits = await ctx.api.db.query(
      `SELECT l.kind, l.period, l.amount::text FROM rg_limits l JOIN users u ON u.id = l.user_id WHERE u.email = $1`,
      [body.email],
    );
    expect(limits).toEqual([{ kind: 'deposit', period: 'month', amount: '2500.00' }]);
    expect((await register(newcomer({ country: 'GB' }))).status).toBe(201);
  });
});
