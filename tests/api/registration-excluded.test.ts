/**
 * Registering the address of a self-excluded player answers exactly like any
 * registration (201, the same body, after the same rate limit and password work) and mails the
 * owner instead, in their language, with the end date. Before, a 403 named the end date to anyone.
 */
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { ADULT, useTestApi } from './harness.ts';
import { mailTo } from './operator-harness.ts';

const clock = manualClock(new Date('2026-04-01T09:00:00Z'));
const ctx = useTestApi({ REGISTER_MAX_PER_ADDRESS: '3', TRUST_PROXY: '1' }, { clock });
const register = (email: string, address: string, lang = 'en') =>
  ctx.api.request('POST', '/auth/users/', {
    body: {
      email,
      username: `u_${Math.random().toString(36).slice(2, 9)}`,
      password: 'lantern-harbour-copper-9',
      ...ADULT,
    },
    headers: { 'x-forwarded-for': address, 'accept-language': lang },
  });

/** The player excludes themselves for six months (checked: 200). */
async function excludeForSixMonths(player: { token: string; password: string }) {
  const reply = await ctx.api.request('POST', '/api/user/self-exclusion', {
    token: player.token,
    body: { period: '6m', confirm: true, password: player.password },
  });
  expect(reply.status).toBe(200);
}

describe('registration of a self-excluded address', () => {
  it('answers 201 as for a new address, whatever the password, and mails the owner the end date', async () => {
    const player = await ctx.api.player();
    await ctx.api.request('POST', '/auth/token/login/', {
      body: { email: player.email, password: player.password },
      headers: { 'accept-language': 'de' },
    });
    await excludeForSixMonths(player);

    const hashes = ctx.api.services.passwords.started;
    const excluded = await register(player.email, '198.51.100.1');
    expect(ctx.api.services.passwords.started - hashes).toBe(1);
    const fresh = await register(`fresh_${Date.now()}@example.test`, '198.51.100.2');
    expect(excluded.status).toBe(201);
    expect(fresh.status).toBe(201);
    expect(Object.keys(excluded.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(excluded.body.email).toBe(player.email);
    expect(excluded.headers.get('content-type')).toBe(fresh.headers.get('content-type'));

    const mails = (await mailTo(ctx.api, player.email)).filter(
      (mail) => mail.subject === 'Jemand wollte mit Ihrer Adresse ein AmberPlay-Konto erstellen',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(
      'Es wurde kein Konto angelegt: Ihr Selbstausschluss gilt bis 1. Oktober 2026 um 09:00 UTC',
    );
  });

  it('is limited like any registration: the 4th from one address is 429, blocked address or not', async () => {
    const player = await ctx.api.player();
    await excludeForSixMonths(player);
    for (let i = 0; i < 3; i++)
      expect((await register(`n${i}_${Date.now()}@example.test`, '198.51.100.9')).status).toBe(201);
    expect((await register(player.email, '198.51.100.9')).status).toBe(429);
  });
});
