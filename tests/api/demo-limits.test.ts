/**
 * Anonymous demo play cannot grow the database without bound. Launches and
 * seed rotations are limited per client address (429 with Retry-After), and expired demo sessions
 * are deleted with their rounds and revealed seeds, while real sessions' reveals stay.
 */
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';
import { launchGame } from './fixtures/game-launch.ts';

const clock = manualClock(new Date('2026-07-01T10:00:00Z'));
const ctx = useTestApi(
  { TRUST_PROXY: '1', DEMO_MAX_PER_ADDRESS: '5', DEMO_WINDOW_SECONDS: '600', GAME_SESSION_HOURS: '1' },
  { clock },
);

const launch = (address: string, token?: string, mode = 'demo') =>
  launchGame(ctx.api, 'dice', { token, mode, headers: { 'x-forwarded-for': address } });
const rotate = (session: string, address: string, seed: string) =>
  ctx.api.request('POST', `/demo-games/api/sessions/${session}/seeds`, {
    body: { client_seed: seed },
    encrypt: false,
    headers: { 'x-forwarded-for': address },
  });
const round = (session: string) =>
  ctx.api.request('POST', `/demo-games/api/sessions/${session}/rounds`, {
    body: { bet: { type: 'dice', amount: '1.00', target: '50.49', direction: 'over' } },
    encrypt: false,
  });
const count = async (sql: string, params: unknown[] = []) => (await ctx.api.db.query<{ n: number }>(sql, params))[0]!.n;

describe('anonymous demo launches and seed rotations per address', () => {
  it('5 launches per window from one address, then 429 with Retry-After; other address or window fine', async () => {
    for (let i = 0; i < 5; i++) expect((await launch('198.51.100.10')).status).toBe(200);
    const refused = await launch('198.51.100.10');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      detail: 'Too many demo games have been opened from your network. Please try again in 10 min.',
    });
    expect(refused.headers.get('retry-after')).toBe('600');
    expect((await launch('198.51.100.11')).status).toBe(200);
    clock.advance(601);
    expect((await launch('198.51.100.10')).status).toBe(200);
  });

  it('20 parallel launches from one address: exactly 5 sessions are made', async () => {
    const before = await count(`SELECT count(*)::int AS n FROM game_sessions WHERE mode = 'demo'`);
    const statuses = (await Promise.all(Array.from({ length: 20 }, () => launch('198.51.100.20')))).map(
      (reply) => reply.status,
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect(await count(`SELECT count(*)::int AS n FROM game_sessions WHERE mode = 'demo'`)).toBe(before + 5);
  });

  it('seed rotations of demo sessions: 5 per window per address, then 429', async () => {
    const session = (await launch('198.51.100.30')).body.session_id as string;
    for (let i = 0; i < 5; i++) expect((await rotate(session, '198.51.100.31', `seed-${i}`)).status).toBe(200);
    const refused = await rotate(session, '198.51.100.31', 'seed-x');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a launch is signed in only with a valid token: any other Authorization answers 401, no session', async () => {
    const address = '198.51.100.60';
    const claiming = (authorization: string, from = address) =>
      ctx.api.request('POST', '/gmnggate/api', {
        body: { method: 'game_launch', game_id: 'dice', mode: 'demo' },
        headers: { 'x-forwarded-for': from, authorization },
      });
    const signedOut = await ctx.api.player();
    expect((await ctx.api.request('POST', '/auth/token/logout/', { token: signedOut.token })).status).toBe(204);
    const invalid = ['Token x', `Token ${'ab'.repeat(20)}`, `Token ${signedOut.token}`, 'Bearer x'];
    for (let i = 0; i < 5; i++) expect((await launch(address)).status).toBe(200);
    expect((await launch(address)).status).toBe(429);
    const sessions = await count(`SELECT count(*)::int AS n FROM game_sessions WHERE mode = 'demo'`);
    for (const authorization of invalid) {
      // The same answer as any endpoint that needs a sign-in gives that header.
      const elsewhere = await ctx.api.request('GET', '/api/user/me', { headers: { authorization } });
      expect(elsewhere.status).toBe(401);
      for (let i = 0; i < 3; i++) {
        const refused = await claiming(authorization);
        expect([authorization, refused.status, refused.body]).toEqual([authorization, 401, elsewhere.body]);
        expect(refused.headers.get('www-authenticate')).toBe('Token');
      }
    }
    expect(await count(`SELECT count(*)::int AS n FROM game_sessions WHERE mode = 'demo'`)).toBe(sessions);
    // Before the cap too: a made-up token is refused, and it does not use up the address's launches.
    for (let i = 0; i < 5; i++) expect((await claiming('Token x', '198.51.100.61')).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await launch('198.51.100.61')).status).toBe(200);
    // A valid token still plays demo games beyond the anonymous cap, as before.
    const player = await ctx.api.player();
    for (let i = 0; i < 3; i++) expect((await launch(address, player.token)).status).toBe(200);
    expect((await launch(address)).status).toBe(429);
  });

  it("a signed-in player's real game is not limited by the demo limit", async () => {
    const player = await ctx.api.player({ balance: '5.00' });
    for (let i = 0; i < 7; i++) expect((await launch('198.51.100.40', player.token, 'real')).status).toBe(200);
  });
});

describe('housekeeping of expired demo sessions', () => {
  it("deletes an expired demo session with its rounds and revealed seeds; a real session's reveals stay", async () => {
    const demo = (await launch('198.51.100.50')).body.session_id as string;
    expect((await round(demo)).status).toBe(200);
    expect((await rotate(demo, '198.51.100.50', 'mine')).status).toBe(200);
    expect((await round(demo)).status).toBe(200);
    expect((await rotate(demo, '198.51.100.50', 'again')).status).toBe(200);
    const player = await ctx.api.player({ balance: '5.00' });
    const real = (await launch('198.51.100.51', player.token, 'real')).body.session_id as string;
    expect((await rotate(real, '198.51.100.51', 'mine')).status).toBe(200);
    expect(await count('SELECT count(*)::int AS n FROM game_seed_reveals WHERE session_id = $1', [demo])).toBe(2);
    expect(await count('SELECT count(*)::int AS n FROM game_rounds WHERE session_id = $1', [demo])).toBe(2);

    clock.advance(3601); // both sessions expired (GAME_SESSION_HOURS=1)
    expect((await launch('198.51.100.52')).status).toBe(200); // housekeeping runs as a new demo opens
    expect(await count('SELECT count(*)::int AS n FROM game_sessions WHERE id = $1', [demo])).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM game_rounds WHERE session_id = $1', [demo])).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM game_seed_reveals WHERE session_id = $1', [demo])).toBe(0);
    expect(
      await count(`SELECT count(*)::int AS n FROM game_sessions s WHERE s.mode = 'demo' AND s.expires_at < $1`, [
        clock().toISOString(),
      ]),
    ).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM game_sessions WHERE id = $1', [real])).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM game_seed_reveals WHERE session_id = $1', [real])).toBe(1);
  });
});
