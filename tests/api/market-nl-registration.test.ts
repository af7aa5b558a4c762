import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { newcomers } from './fixtures/newcomers.ts';
import { useTestApi } from './harness.ts';

/**
 * MARKET=NL at registration (docs/markets.md): a Dutch resident, CRUKS asked, and a monthly deposit limit required,
 * at most €700, €300 for ages 18–24, stored as the player's deposit limit; a later raise above it is refused too.
 * The clock is pinned (ages are counted on it). On PGlite and, with DATABASE_URL, PostgreSQL.
 */
const clock = manualClock(new Date('2026-06-15T12:00:00Z'));
const ctx = useTestApi({ MARKET: 'NL' }, { clock });

const newcomer = newcomers('nl', { country: 'NL' });
const monthly = (amount: unknown) => ({ deposit_limit: { amount, period: 'month' } });
const register = (body: Record<string, unknown>, locale = 'en') =>
  ctx.api.request('POST', '/auth/users/', { body, headers: { 'accept-language': locale } });
const limitOf = async (email: string) =>
  ctx.api.db.query<{ period: string; amount: string }>(
    `SELECT l.period, l.amount::text FROM rg_limits l JOIN users u ON u.id = l.user_id
     WHERE u.email = $1 AND l.kind = 'deposit'`,
    [email],
  );

describe('NL: the deposit limit at registration', () => {
  it('GET /api/market tells the sign-up form a limit is required, and its ceilings', async () => {
    const res = await ctx.api.request('GET', '/api/market');
    expect(res.body).toMatchObject({
      countries: ['NL'],
      deposit_limit: { at_registration: 'required', monthly_max: '700.00', monthly_max_young: '300.00' },
    });
  });

  it('without one the registration is refused 400, naming the regulator', async () => {
    const body = newcomer();
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      deposit_limit: ['Choose a monthly deposit limit: Kansspelautoriteit rules ask for one when you open an account.'],
    });
    expect(await limitOf(body.email)).toEqual([]);
  });

  it('an adult may choose up to €700.00: 700.01 is refused with the ceiling in the player’s language', async () => {
    const res = await register(newcomer(monthly('700.01')));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      deposit_limit: ['Under Kansspelautoriteit rules a monthly deposit limit may be at most €700.00.'],
    });
    const german = await register(newcomer(monthly('1000')), 'de');
    expect(german.body.deposit_limit).toEqual([
      'Nach den Regeln der Kansspelautoriteit darf ein monatliches Einzahlungslimit höchstens 700,00\u00a0€ betragen.',
    ]);
    const body = newcomer(monthly('700.00'));
    expect((await register(body)).status).toBe(201);
    expect(await limitOf(body.email)).toEqual([{ period: 'month', amount: '700.00' }]);
  });

  it('a player aged 24 (born 2001-06-16) may choose €300.00 at most; at 25 the adult ceiling applies', async () => {
    const young = await register(newcomer({ ...monthly('300.01'), date_of_birth: '2001-06-16' }));
    expect(young.status).toBe(400);
    expect(young.body.deposit_limit).toEqual([
      'Under Kansspelautoriteit rules a monthly deposit limit may be at most €300.00.',
    ]);
    const atCeiling = newcomer({ ...monthly('300.00'), date_of_birth: '2001-06-16' });
    expect((await register(atCeiling)).status).toBe(201);
    expect(await limitOf(atCeiling.email)).toEqual([{ period: 'month', amount: '300.00' }]);
    // 25 today: the adult ceiling.
    expect((await register(newcomer({ ...monthly('700.00'), date_of_birth: '2001-06-15' }))).status).toBe(201);
  });

  it('a malformed limit is refused 400 before anything else', async () => {
    for (const limit of [
      { amount: 'abc', period: 'month' },
      { amount: '-5.00', period: 'month' },
      { amount: '0', period: 'month' },
      { amount: '100.001', period: 'month' },
      { amount: 100, period: 'month' },
      { amount: '100.00', period: 'week' },
      { amount: '100.00' },
      '100.00',
      ['100.00'],
    ]) {
      const res = await register(newcomer({ deposit_limit: limit }));
      expect(res.status, JSON.stringify(limit)).toBe(400);
      expect(res.body.deposit_limit).toEqual(['Enter a monthly deposit limit as an amount, such as 500.00.']);
    }
  });

  it('the limit is the player’s deposit limit; a later raise above the ceiling or a removal is refused', async () => {
    // The harness's players chose €700.00 at sign-up.
    const player = await ctx.api.player();
    const rg = (body?: unknown) =>
      ctx.api.request(body ? 'PATCH' : 'GET', '/api/user/responsible-gaming', { token: player.token, body });
    expect((await rg()).body.deposit_limits.month).toMatchObject({ amount: '700.00', used: '0.00' });
    // The deposit check applies it: €700.00 in the month, and not a cent more.
    const deposit = (amount: string) =>
      ctx.api.request('POST', '/api/user/payments/create-payment', {
        token: player.token,
        body: { amount, method: 'card' },
      });
    expect((await deposit('700.01')).status).toBe(400);
    expect((await deposit('700.00')).status).toBe(201);
    expect((await deposit('0.01')).status).toBe(400);
    const raise = await rg({ deposit_limits: { month: '800.00' } });
    expect(raise.status).toBe(400);
    expect(raise.body).toEqual({
      'deposit_limits.month': ['Under Kansspelautoriteit rules a monthly deposit limit may be at most €700.00.'],
    });
    expect((await rg({ deposit_limits: { month: null } })).status).toBe(400);
    const lower = await rg({ deposit_limits: { month: '500.00' } });
    expect(lower.status).toBe(200);
    expect(lower.body.deposit_limits.month).toMatchObject({ amount: '500.00' });
    // Back up to the ceiling is allowed, after the cooling-off like any raise.
    const back = await rg({ deposit_limits: { month: '700.00' } });
    expect(back.status).toBe(200);
    expect(back.body.deposit_limits.month.pending).toMatchObject({ amount: '700.00' });
  });
});

describe('NL: CRUKS at registration', () => {
  it('a listed person cannot register (neutral 403), a clear one can', async () => {
    const listed = newcomer(monthly('100.00'));
    ctx.api.register.list({ email: listed.email, date_of_birth: listed.date_of_birth });
    const res = await register(listed);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('account_unavailable');
    expect(JSON.stringify(res.body)).not.toMatch(/CRUKS|exclu/i);
    expect((await register(newcomer(monthly('100.00')))).status).toBe(201);
  });
});
