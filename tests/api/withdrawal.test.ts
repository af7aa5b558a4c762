import { describe, expect, it } from 'vitest';
import { balanceOf, useTestApi } from './harness.ts';

const ctx = useTestApi();
const withdraw = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  ctx.api.request('POST', '/api/user/withdrawal', { token, body, headers });
const valid = { amount: '25.50', method: 'card', destination: '4242 4242 4242 4242' };

describe('POST /api/user/withdrawal', () => {
  it('reserves the amount at once and records a pending history item', async () => {
    const player = await ctx.api.player({ balance: '100.00', verified: true });
    const res = await withdraw(player.token, valid);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      amount: '25.50',
      currency: 'EUR',
      method: 'card',
      destination: '•••• 4242',
      balance: '74.50',
    });
    expect(await balanceOf(ctx.api, player.id)).toBe('74.50');
    const history = await ctx.api.request('GET', '/api/user/history?type=withdrawal', { token: player.token });
    expect(history.body.results[0]).toMatchObject({
      id: res.body.id,
      type: 'withdrawal',
      amount: '-25.50',
      status: 'pending',
    });
    expect(history.body.results[0].description).toBe('Withdrawal by Bank card to •••• 4242');
  });

  it.each([
    ['an exponent', '1e3'],
    ['a negative amount', '-5'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
    ['a float from 0.1 + 0.2', 0.1 + 0.2],
    ['a JSON number', 25],
    ['three decimals', '10.001'],
    ['a huge number', '99999999999999999999'],
    ['zero', '0.00'],
    ['spaces', ' 20 '],
    ['a comma', '20,50'],
    ['SQL', '10; DROP TABLE users'],
    ['an object', { value: '10' }],
  ])('refuses %s with 400 on amount and moves no money', async (_name, amount) => {
    const player = await ctx.api.player({ balance: '100.00', verified: true });
    const res = await withdraw(player.token, { ...valid, amount });
    expect(res.status).toBe(400);
    expect(res.body.amount).toEqual(['Enter an amount such as 25 or 25.50: digits, with at most two decimals.']);
    expect(await balanceOf(ctx.api, player.id)).toBe('100.00');
  });

  it('explains the minimum and maximum, formatted for the reader', async () => {
    const player = await ctx.api.player({ balance: '9000.00', verified: true });
    expect((await withdraw(player.token, { ...valid, amount: '9.99' })).body.amount).toEqual([
      'The minimum amount is €10.00.',
    ]);
    expect((await withdraw(player.token, { ...valid, amount: '5000.01' })).body.amount).toEqual([
      'The maximum amount is €5,000.00.',
    ]);
    const german = await ctx.api.request('POST', '/api/user/withdrawal', {
      token: player.token,
      body: { ...valid, amount: '5000.01' },
      headers: { 'accept-language': 'de' },
    });
    expect(german.body.amount).toEqual(['Der Höchstbetrag beträgt 5.000,00\u00a0€.']);
    expect(await balanceOf(ctx.api, player.id)).toBe('9000.00');
  });

  it('refuses more than the balance with a clear message', async () => {
    const player = await ctx.api.player({ balance: '20.00', verified: true });
    const res = await withdraw(player.token, { ...valid, amount: '20.01' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ amount: ['Insufficient funds: your balance is €20.00.'] });
    expect(await balanceOf(ctx.api, player.id)).toBe('20.00');
  });

  it.each([
    ['a missing method', { amount: '10.00', destination: '4242424242424242' }, 'method', 'This field is required.'],
    [
      'an unknown method',
      { amount: '10.00', method: 'cheque', destination: '4242424242424242' },
      'method',
      'Choose one of the offered methods.',
    ],
    ['a missing destination', { amount: '10.00', method: 'card' }, 'destination', 'This field is required.'],
    [
      'an HTML destination',
      { amount: '10.00', method: 'card', destination: '<img src=x onerror=alert(1)>' },
      'destination',
      'Enter a valid card number (12 to 19 digits).',
    ],
    [
      'a destination that is too long',
      { amount: '10.00', method: 'card', destination: 'x'.repeat(65) },
      'destination',
      'Enter where the money should go, in at most 64 characters.',
    ],
    ['a missing amount', { method: 'card', destination: '4242424242424242' }, 'amount', 'This field is required.'],
  ])('refuses %s', async (_name, body, field, message) => {
    const player = await ctx.api.player({ balance: '100.00', verified: true });
    const res = await withdraw(player.token, body);
    expect(res.status).toBe(400);
    expect(res.body[field]).toEqual([message]);
    expect(await balanceOf(ctx.api, player.id)).toBe('100.00');
  });

  it('acts once per Idempotency-Key: a retry answers the first result', async () => {
    const player = await ctx.api.player({ balance: '100.00', verified: true });
    const first = await withdraw(player.token, valid, { 'idempotency-key': 'wd-retry-1' });
    const retry = await withdraw(player.token, valid, { 'idempotency-key': 'wd-retry-1' });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await balanceOf(ctx.api, player.id)).toBe('74.50');
    const conflict = await withdraw(player.token, { ...valid, amount: '30.00' }, { 'idempotency-key': 'wd-retry-1' });
    expect(conflict.status).toBe(422);
    expect(await balanceOf(ctx.api, player.id)).toBe('74.50');
  });

  it('does not store a refused request under its key, so a corrected retry acts', async () => {
    const player = await ctx.api.player({ balance: '30.00', verified: true });
    expect((await withdraw(player.token, { ...valid, amount: '40.00' }, { 'idempotency-key': 'wd-fix' })).status).toBe(
      400,
    );
    await ctx.api.db.transaction(async (tx) => {
      const { credit } = await import('../../server/src/services/ledger.ts');
      await credit(tx, player.id, 'cash', '10.00', null, ctx.api.services.clock());
    });
    expect((await withdraw(player.token, { ...valid, amount: '40.00' }, { 'idempotency-key': 'wd-fix' })).status).toBe(
      201,
    );
    expect(await balanceOf(ctx.api, player.id)).toBe('0.00');
  });

  it('keeps keys per player: the same key from two players acts twice', async () => {
    const a = await ctx.api.player({ balance: '50.00', verified: true });
    const b = await ctx.api.player({ balance: '50.00', verified: true });
    expect((await withdraw(a.token, valid, { 'idempotency-key': 'shared' })).status).toBe(201);
    expect((await withdraw(b.token, valid, { 'idempotency-key': 'shared' })).status).toBe(201);
    expect(await balanceOf(ctx.api, b.id)).toBe('24.50');
  });

  it('50 parallel withdrawals of 10.00 from 100.00: exactly 10 succeed and the balance ends at 0.00', async () => {
    const player = await ctx.api.player({ balance: '100.00', verified: true });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        withdraw(player.token, {
          amount: '10.00',
          method: 'crypto',
          destination: '0x52908400098527886E0F7030069857D2E4169EE7',
        }),
      ),
    );
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 400)).toHaveLength(40);
    for (const res of results.filter((r) => r.status === 400))
      expect(res.body.amount[0]).toMatch(/^Insufficient funds/);
    expect(await balanceOf(ctx.api, player.id)).toBe('0.00');
    const pending = await ctx.api.request('GET', '/api/user/history?type=withdrawal&page_size=100', {
      token: player.token,
    });
    expect(pending.body.count).toBe(10);
  });

  it('20 parallel withdrawals, each of 10 keys sent twice: each key acts once, retries answer its result', async () => {
    const player = await ctx.api.player({ balance: '200.00', verified: true });
    const body = { amount: '10.00', method: 'card', destination: '4242 4242 4242 4242' };
    const keys = Array.from({ length: 20 }, (_, i) => `batch-key-${i % 10}`);
    const results = await Promise.all(keys.map((key) => withdraw(player.token, body, { 'idempotency-key': key })));
    expect(results.map((res) => res.status)).toEqual(keys.map(() => 201));
    const idsByKey = new Map<string, Set<number>>();
    keys.forEach((key, i) => idsByKey.set(key, (idsByKey.get(key) ?? new Set()).add(results[i]!.body.id)));
    expect([...idsByKey.values()].map((ids) => ids.size)).toEqual(Array.from({ length: 10 }, () => 1));
    expect(new Set(results.map((res) => res.body.id)).size).toBe(10);
    expect(results.filter((res) => res.headers.get('idempotent-replayed') === 'true')).toHaveLength(10);
    expect(await balanceOf(ctx.api, player.id)).toBe('100.00');
    const history = await ctx.api.request('GET', '/api/user/history?type=withdrawal&page_size=100', {
      token: player.token,
    });
    expect(history.body.count).toBe(10);
  });
});
