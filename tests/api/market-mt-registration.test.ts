import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { startStandInRegister } from '../../server/src/ops/exclusion-register-stand-in.ts';
import { httpExclusionRegister } from '../../server/src/services/exclusion-register/register-client.ts';
import { newcomers } from './fixtures/newcomers.ts';
import { ADULT, useTestApi } from './harness.ts';

/**
 * MARKET=MT (the default) at registration and sign-in (docs/markets.md): the MGA licence takes residents of any
 * country but those that license online casinos locally; no national register is asked. Also the register
 * stand-in and client themselves. On PGlite and, with DATABASE_URL, PostgreSQL.
 */
const clock = manualClock();
const ctx = useTestApi({}, { clock });

const newcomer = newcomers('mt');
const register = (body: Record<string, unknown>) => ctx.api.request('POST', '/auth/users/', { body });
const countryOf = async (email: string) =>
  (await ctx.api.db.query<{ country: string | null }>('SELECT country FROM users WHERE email = $1', [email]))[0];

describe('MT: the country of residence', () => {
  it('GET /api/market lists the countries the licence leaves out', async () => {
    const res = await ctx.api.request('GET', '/api/market');
    expect(res.body).toMatchObject({ countries: 'any', blocked_countries: ['GB', 'DE', 'NL', 'FR', 'ES', 'IT', 'US'] });
  });

  it('any other country registers; without one the account’s country is unknown (null)', async () => {
    const withCountry = newcomer({ country: 'JP' });
    expect((await register(withCountry)).status).toBe(201);
    expect(await countryOf(withCountry.email)).toEqual({ country: 'JP' });
    const without = newcomer();
    expect((await register(without)).status).toBe(201);
    expect(await countryOf(without.email)).toEqual({ country: null });
  });

  it('a country that licenses locally is refused 403 country_not_offered; an unknown code 400', async () => {
    for (const country of ['GB', 'US', 'NL']) {
      const res = await register(newcomer({ country }));
      expect(res.status, country).toBe(403);
      expect(res.body.error).toBe('country_not_offered');
      expect(res.body.detail).toContain('Malta Gaming Authority');
    }
    expect((await register(newcomer({ country: 'ZZ' }))).body).toEqual({
      country: ['Choose a country from the list.'],
    });
  });
});

describe('MT: no national self-exclusion register', () => {
  it('registration and sign-in never ask the register, even one that would list the player', async () => {
    const before = ctx.api.register.checks.length;
    const player = await ctx.api.player();
    ctx.api.register.list({ email: player.email, date_of_birth: ADULT.date_of_birth });
    const again = await ctx.api.request('POST', '/auth/token/login/', {
      body: { email: player.email, password: player.password },
    });
    expect(again.status).toBe(200);
    expect(ctx.api.register.checks.length).toBe(before);
  });
});

describe('the register stand-in and its client', () => {
  const person = { email: 'Listed@Example.test', dateOfBirth: '1980-01-02', firstName: 'A', lastName: 'B' };

  it('answers listed or clear by email (any case) and date of birth, with the key it was given', async () => {
    const stand = await startStandInRegister({
      listed: [{ email: 'listed@example.test', date_of_birth: '1980-01-02' }],
      key: 'k'.repeat(20),
    });
    try {
      const client = httpExclusionRegister({ url: stand.url, key: 'k'.repeat(20) });
      expect(await client.check(person)).toBe('listed');
      expect(await client.check({ ...person, dateOfBirth: '1980-01-03' })).toBe('clear');
      expect(await client.check({ ...person, dateOfBirth: null })).toBe('clear');
      // Without the key, or with another, the stand-in does not answer: the client calls that unreachable.
      expect(await httpExclusionRegister({ url: stand.url }).check(person)).toBe('unreachable');
      expect(await httpExclusionRegister({ url: stand.url, key: 'x'.repeat(20) }).check(person)).toBe('unreachable');
    } finally {
      await stand.close();
    }
  });

  it('refuses a request addressed to another host (421), and the client fails closed without a URL', async () => {
    const stand = await startStandInRegister();
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          `${stand.url}/check`,
          { method: 'POST', headers: { host: 'register.evil.example', 'content-type': 'application/json' } },
          (res) => resolve(res.statusCode ?? 0),
        );
        req.on('error', reject);
        req.end('{"email":"a@b.c","date_of_birth":"1980-01-02"}');
      });
      expect(status).toBe(421);
      expect(stand.checks).toEqual([]);
      expect(await httpExclusionRegister({}).check(person)).toBe('unreachable');
    } finally {
      await stand.close();
    }
  });
});
