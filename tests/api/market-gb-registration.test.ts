import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { ADULT, useTestApi } from './harness.ts';

/**
 * MARKET=GB at registration and sign-in (docs/markets.md): a UKGC licence covers residents of Great Britain only,
 * so the country of residence is required and any other is refused. On PGlite and, with DATABASE_URL, PostgreSQL.
 */
const clock = manualClock();
const ctx = useTestApi({ MARKET: 'GB' }, { clock });

let counter = 0;
const newcomer = (extra: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    ...ADULT,
    email: `gb_newcomer_${counter}@example.test`,
    username: `gb_newcomer_${counter}`,
    password: 'correct-horse-battery',
    ...extra,
  };
};
const register = (body: Record<string, unknown>, locale = 'en') =>
  ctx.api.request('POST', '/auth/users/', { body, headers: { 'accept-language': locale } });
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
