import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';

// Each test signs in from its own addresses: TRUST_PROXY=1 takes the address from X-Forwarded-For.
const clock = manualClock();
const ctx = useTestApi(
  { LOGIN_MAX_FAILURES: '5', LOGIN_MAX_FAILURES_PER_ADDRESS: '8', TRUST_PROXY: '1', PASSWORD_QUEUE_MAX: '500' },
  { clock },
);
const from = (address: string, extra: Record<string, string> = {}) => ({ 'x-forwarded-for': address, ...extra });
const login = (body: { email: string; password: string }, address: string, headers: Record<string, string> = {}) =>
  ctx.api.request('POST', '/auth/token/login/', { body, headers: from(address, headers) });

describe('sign-in limit under parallel requests', () => {
  it('checks at most LOGIN_MAX_FAILURES of 100 parallel wrong logins; a right one mid-burst: no token', async () => {
    const player = await ctx.api.player();
    const checksBefore = ctx.api.services.passwords.started;
    const burst = Array.from({ length: 101 }, (_, index) =>
      login({ email: player.email, password: index === 60 ? player.password : `wrong-pass-${index}` }, '203.0.113.10'),
    );
    const statuses = (await Promise.all(burst)).map((reply) => reply.status);

    expect(ctx.api.services.passwords.started - checksBefore).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 400 || status === 200).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(96);
    expect(statuses.every((status) => [200, 400, 429].includes(status))).toBe(true);
    // The lock holds for the right password too, until the window ends.
    expect((await login({ email: player.email, password: player.password }, '203.0.113.10')).status).toBe(429);
    clock.advance(900);
    expect((await login({ email: player.email, password: player.password }, '203.0.113.10')).status).toBe(200);
  });
});

describe('a lock is per address', () => {
  it('five wrong passwords from one address do not lock the owner out from another', async () => {
    const player = await ctx.api.player();
    for (let i = 0; i < 5; i++)
      expect((await login({ email: player.email, password: `wrong-pass-${i}` }, '198.51.100.20')).status).toBe(400);

    const locked = await login({ email: player.email, password: player.password }, '198.51.100.20');
    expect(locked.status).toBe(429);
    const owner = await login({ email: player.email, password: player.password }, '192.0.2.30');
    expect(owner.status).toBe(200);
    expect(owner.body.auth_token).toMatch(/^[0-9a-f]{40}$/);
  });

  it('tells the player when to try again: Retry-After and the minutes in the message, in their language', async () => {
    const player = await ctx.api.player();
    for (let i = 0; i < 5; i++) await login({ email: player.email, password: `wrong-pass-${i}` }, '198.51.100.21');
    clock.advance(120);
    const en = await login({ email: player.email, password: player.password }, '198.51.100.21');
    expect(en.status).toBe(429);
    expect(en.headers.get('retry-after')).toBe('780');
    expect(en.body).toEqual({ detail: 'Too many failed sign-in attempts. Please try again in 13 min.' });
    const de = await login({ email: player.email, password: player.password }, '198.51.100.21', {
      'accept-language': 'de-DE',
    });
    expect(de.body.detail).toBe('Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 13 Min. erneut.');
  });

  it('counts failures per address over all emails, so one address cannot try a password on many accounts', async () => {
    const players = [await ctx.api.player(), await ctx.api.player()];
    for (let i = 0; i < 8; i++) {
      expect(
        (await login({ email: `nobody-${i}@example.test`, password: 'spray-pass-1' }, '198.51.100.22')).status,
      ).toBe(400);
    }
    expect((await login({ email: players[0]!.email, password: 'spray-pass-1' }, '198.51.100.22')).status).toBe(429);
    // The same player from elsewhere is not affected.
    expect((await login({ email: players[0]!.email, password: players[0]!.password }, '198.51.100.23')).status).toBe(
      200,
    );
  });

  it('a right password does not count as a failure for its address', async () => {
    const player = await ctx.api.player();
    for (let i = 0; i < 12; i++)
      expect((await login({ email: player.email, password: player.password }, '198.51.100.24')).status).toBe(200);
  });

  it('with TRUST_PROXY=1 takes the right-most X-Forwarded-For entry: entries to its left change nothing', async () => {
    const player = await ctx.api.player();
    for (let i = 0; i < 5; i++)
      await login({ email: player.email, password: `wrong-pass-${i}` }, `10.9.${i}.1, 198.51.100.25`);
    expect((await login({ email: player.email, password: player.password }, '1.2.3.4, 198.51.100.25')).status).toBe(
      429,
    );
  });
});

describe('old counters are pruned', () => {
  it('deletes counters whose window ended instead of keeping a row per failure forever', async () => {
    await login({ email: 'prune-me@example.test', password: 'wrong-pass-1' }, '198.51.100.26');
    const count = async () =>
      (
        await ctx.api.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM rate_counters WHERE key LIKE 'login:198.51.100.26%'",
        )
      )[0]!.n;
    expect(await count()).toBe(2);
    clock.advance(3601);
    await login({ email: 'someone@example.test', password: 'wrong-pass-1' }, '198.51.100.27');
    expect(await count()).toBe(0);
  });
});
