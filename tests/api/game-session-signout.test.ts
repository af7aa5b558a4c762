/**
 * A real-money game session lives only as long as the sign-in that launched it.
 * Sign-out, "sign out everywhere", a password reset and set_password end it (the next round is
 * 410), and the request log never holds a game session id (a bearer capability).
 */
import { describe, expect, it } from 'vitest';
import { newLink } from '../../server/src/services/link-tokens.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { launchSession } from './fixtures/game-launch.ts';
import { type Credentials, signInToken } from './fixtures/sign-in.ts';

const ctx = useTestApi();
const ROUND = { bet: { type: 'dice', amount: '1.00', target: '50.49', direction: 'over' } };

const launch = (token: string) => launchSession(ctx.api, 'dice', { token });
const round = (session: string) =>
  ctx.api.request('POST', `/demo-games/api/sessions/${session}/rounds`, { body: ROUND, encrypt: false });
const signIn = (player: Credentials) => signInToken(ctx.api, player);

/**
 * A round still plays, then `end` runs, then the next round of the same session is refused with 410 and takes no money.
 */
async function endsWith(end: (player: Awaited<ReturnType<typeof ctx.api.player>>, session: string) => Promise<void>) {
  const player = await ctx.api.player({ balance: '20.00' });
  const session = await launch(player.token);
  expect((await round(session)).status).toBe(200);
  await end(player, session);
  const before = await balanceOf(ctx.api, player.id);
  const after = await round(session);
  expect(after.status).toBe(410);
  expect(after.body).toEqual({ detail: expect.any(String) });
  expect(await balanceOf(ctx.api, player.id)).toBe(before);
  expect((await ctx.api.request('GET', `/demo-games/api/sessions/${session}`)).status).toBe(410);
}

describe("ending a player's sessions ends their real-money game sessions", () => {
  it('sign-out', async () => {
    await endsWith(async (player) => {
      expect((await ctx.api.request('POST', '/auth/token/logout/', { token: player.token })).status).toBe(204);
    });
  });

  it("sign-out of another device leaves this device's game playing", async () => {
    const player = await ctx.api.player({ balance: '20.00' });
    const session = await launch(player.token);
    const other = await signIn(player);
    expect((await ctx.api.request('POST', '/auth/token/logout/', { token: other })).status).toBe(204);
    expect((await round(session)).status).toBe(200);
  });

  it('sign out everywhere', async () => {
    await endsWith(async (player) => {
      const other = await signIn(player);
      expect((await ctx.api.request('POST', '/auth/token/logoutall/', { token: other })).status).toBe(204);
    });
  });

  it('password reset', async () => {
    await endsWith(async (player) => {
      const link = new URL(
        await newLink(ctx.api.services, ctx.api.db, 'password_reset', { id: player.id, locale: 'en' }),
      );
      const params = new URLSearchParams(link.hash.slice(1));
      const reset = await ctx.api.request('POST', '/auth/users/reset_password_confirm/', {
        body: { uid: params.get('uid'), token: params.get('token'), new_password: 'fresh-lantern-harbour-77' },
      });
      expect(reset.status, JSON.stringify(reset.body)).toBe(204);
    });
  });

  it('set_password from another device', async () => {
    await endsWith(async (player) => {
      const other = await signIn(player);
      const changed = await ctx.api.request('POST', '/auth/users/set_password/', {
        token: other,
        body: { current_password: player.password, new_password: 'fresh-lantern-harbour-78' },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(204);
    });
  });
});

describe('request log', () => {
  it('never writes a game session id', async () => {
    const player = await ctx.api.player({ balance: '5.00' });
    const session = await launch(player.token);
    expect((await round(session)).status).toBe(200);
    await ctx.api.request('GET', `/demo-games/api/sessions/${session}`);
    await ctx.api.app.request(`/demo-games/play/${session}`);
    const lines = ctx.api.logs.filter((line) => line.includes('/demo-games/'));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(ctx.api.logs.join('\n')).not.toContain(session);
    expect(lines.map((line) => JSON.parse(line).path)).toEqual(
      expect.arrayContaining([
        '/demo-games/api/sessions/:id/rounds',
        '/demo-games/api/sessions/:id',
        '/demo-games/play/:sessionId',
      ]),
    );
  });
});
