import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { newcomers } from './fixtures/newcomers.ts';
import { ADULT, useTestApi } from './harness.ts';

/**
 * MARKET=DE at registration and sign-in (docs/markets.md): German residents only, a monthly deposit limit required
 * at sign-up of at most €1,000 (GlüStV §6c, no age band), and OASIS asked at registration and every sign-in.
 * On PGlite and, with DATABASE_URL, PostgreSQL.
 */
const clock = manualClock(new Date('2026-06-15T12:00:00Z'));
const ctx = useTestApi({ MARKET: 'DE' }, { clock });

const newcomer = newcomers('de', { country: 'DE' });
const register = (body: Record<string, unknown>) => ctx.api.request('POST', '/auth/users/', { body });
const monthly = (amount: string) => ({ deposit_limit: { amount, period: 'month' } });

describe('DE: registration', () => {
  it('a resident of Austria is refused country_not_offered; a German resident without a limit 400', async () => {
    expect((await register(newcomer({ ...monthly('100.00'), country: 'AT' }))).body.error).toBe('country_not_offered');
    expect((await register(newcomer())).body).toEqual({
      deposit_limit: [
        'Choose a monthly deposit limit: Gemeinsame Glücksspielbehörde der Länder rules ask for one when you open an ' +
          'account.',
      ],
    });
  });

  it('at most €1,000.00 a month, for a 20-year-old too (no age band in DE)', async () => {
    const above = await register(newcomer(monthly('1000.01')));
    expect(above.status).toBe(400);
    expect(above.body.deposit_limit).toEqual([
      'Under Gemeinsame Glücksspielbehörde der Länder rules a monthly deposit limit may be at most €1,000.00.',
    ]);
    expect((await register(newcomer({ ...monthly('1000.00'), date_of_birth: '2006-01-01' }))).status).toBe(201);
  });
});

describe('DE: OASIS at every sign-in', () => {
  it('a player listed after registering is refused at the next sign-in, with the neutral message', async () => {
    const player = await ctx.api.player();
    ctx.api.register.list({ email: player.email, date_of_birth: ADULT.date_of_birth });
    const refused = await ctx.api.request('POST', '/auth/token/login/', {
      body: { email: player.email, password: player.password },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'account_unavailable',
      detail: 'We cannot sign you in to this account. Please contact support at support@amberplay.test.',
    });
  });
});
