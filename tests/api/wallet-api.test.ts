import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../core/api/contract.ts';
import { manualClock } from '../../server/src/base/clock.ts';
import {
  retireOldSecret,
  rotateProviderSecret,
  saveProviderGame,
  setProviderStatus,
} from '../../server/src/services/wallet-api/providers.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { staffMember } from './operator-harness.ts';
import { addProvider, bet, nextId, sign, win, type TestProvider } from './wallet-api-provider.ts';

/**
 * Conformance of the seamless wallet API (docs/provider-api.md), played by a third-party provider
 * that signs its own requests. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
const clock = manualClock();
const ctx = useTestApi({}, { clock });

async function setUp(balance = '100.00', provider?: TestProvider) {
  const p = provider ?? (await addProvider(ctx.api));
  const player = await ctx.api.player({ balance });
  const token = await p.tokenFor(player);
  const play = (round_id: string, actions: unknown[], finished = true) =>
    p.call('/wallet/v1/play', { token, game_id: p.game, round_id, finished, actions });
  const rollback = (round_id: string, actions: { action_id: string; original_action_id: string }[]) =>
    p.call('/wallet/v1/rollback', {
      token,
      game_id: p.game,
      round_id,
      actions: actions.map((action) => ({ action: 'rollback', ...action })),
    });
  return { provider: p, player, token, play, rollback };
}

/** Two open rounds of 1.00 each: one to be won, one (`other`) whose bet `stake` is to be rolled back. */
async function twoOpenRounds(
  play: (round: string, actions: unknown[], finished?: boolean) => Promise<{ status: number }>,
) {
  const round = nextId('round');
  const other = nextId('round');
  const stake = bet(100);
  expect((await play(round, [bet(100)], false)).status).toBe(200);
  expect((await play(other, [stake], false)).status).toBe(200);
  return { round, other, stake };
}

async function historyItem(userId: number) {
  return ctx.api.db.query<{ amount: string; status: string; stake: string; win: string }>(
    `SELECT amount::text, status, params->>'stake' AS stake, params->>'win' AS win FROM transactions
     WHERE user_id = $1 AND type = 'game' ORDER BY id`,
    [userId],
  );
}

describe('balance', () => {
  it('answers the balance in minor units and the currency, private', async () => {
    const { provider, token } = await setUp('12.34');
    const res = await provider.call('/wallet/v1/balance', { token, game_id: provider.game });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ balance: 1234, currency: 'EUR' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('play', () => {
  it('a bet and its win in one call: one round, one history item, loyalty counted', async () => {
    const { player, play } = await setUp('100.00');
    const round = nextId('round');
    const res = await play(round, [bet(250, 'b-1-' + round), win(600, 'w-1-' + round)]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ balance: 10_350, currency: 'EUR', round_id: round });
    expect(res.body.replayed).toBeUndefined();
    expect(res.body.transactions.map((t: { action_id: string }) => t.action_id)).toEqual([
      'b-1-' + round,
      'w-1-' + round,
    ]);
    for (const t of res.body.transactions) {
      expect(t.tx_id).toMatch(/^\d+$/);
      expect(t.processed_at).toBe(clock().toISOString());
    }
    expect(await balanceOf(ctx.api, player.id)).toBe('103.50');
    expect(await historyItem(player.id)).toEqual([{ amount: '3.50', status: 'completed', stake: '2.50', win: '6.00' }]);
    const [user] = await ctx.api.db.query<{ loyalty_points: number }>(
      'SELECT loyalty_points FROM users WHERE id = $1',
      [player.id],
    );
    expect(user!.loyalty_points).toBe(2);
  });

  it('the round shows in the player’s history as one game item', async () => {
    const { player, play } = await setUp('100.00');
    const round = nextId('round');
    expect((await play(round, [bet(250), win(600)])).status).toBe(200);
    const res = await ctx.api.request('GET', '/api/user/history', { token: player.token });
    expect(res.status).toBe(200);
    const games = res.body.results.filter((item: { type: string }) => item.type === 'game');
    expect(games).toEqual([
      expect.objectContaining({
        amount: '3.50',
        status: 'completed',
        description: `Fruit Party: stake €2.50, paid out €6.00 (round ${round})`,
      }),
    ]);
  });

  it('a multi-step round in several calls: stake, double, then the win closes it', async () => {
    const { player, play } = await setUp('100.00');
    const round = nextId('round');
    expect((await play(round, [bet(1000)], false)).body.balance).toBe(9000);
    expect(await historyItem(player.id)).toEqual([
      { amount: '-10.00', status: 'pending', stake: '10.00', win: '0.00' },
    ]);
    expect((await play(round, [bet(1000)], false)).body.balance).toBe(8000);
    const last = await play(round, [win(4000)], true);
    expect(last.status).toBe(200);
    expect(last.body.balance).toBe(12_000);
    expect(await historyItem(player.id)).toEqual([
      { amount: '20.00', status: 'completed', stake: '20.00', win: '40.00' },
    ]);
    // A finished round takes no more bets.
    const late = await play(round, [bet(100)], false);
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ error: 'bad_request', balance: 12_000 });
  });

  it('a bet without a win, finished, is lost', async () => {
    const { player, play } = await setUp('10.00');
    const res = await play(nextId('round'), [bet(300)], true);
    expect(res.body.balance).toBe(700);
    expect(await historyItem(player.id)).toEqual([
      { amount: '-3.00', status: 'completed', stake: '3.00', win: '0.00' },
    ]);
  });

  it('all actions of a call or none: a refused second bet leaves the first one untaken', async () => {
    const { player, play } = await setUp('5.00');
    const res = await play(nextId('round'), [bet(300), bet(300)], false);
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ error: 'insufficient_funds', message: expect.any(String), balance: 500 });
    expect(await balanceOf(ctx.api, player.id)).toBe('5.00');
    expect(await historyItem(player.id)).toEqual([]);
  });
});

describe('refusals', () => {
  it('insufficient_funds 402 with the balance', async () => {
    const { play } = await setUp('1.00');
    const res = await play(nextId('round'), [bet(101)]);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ error: 'insufficient_funds', balance: 100 });
  });

  it('session_expired 401 after sign-out and once the token outlives its hours; a win still lands', async () => {
    const { player, play } = await setUp('10.00');
    const round = nextId('round');
    expect((await play(round, [bet(100)], false)).status).toBe(200);
    expect((await ctx.api.request('POST', '/auth/token/logout/', { token: player.token })).status).toBe(204);
    const refused = await play(nextId('round'), [bet(100)]);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: 'session_expired', balance: 900 });
    // Money owed lands after the sign-out.
    const paid = await play(round, [win(500)]);
    expect(paid.status).toBe(200);
    expect(paid.body.balance).toBe(1400);

    const other = await setUp('10.00');
    clock.advance(ctx.api.config.games.sessionHours * 3600 + 1);
    expect((await other.play(nextId('round'), [bet(100)])).body.error).toBe('session_expired');
  });

  it('session_expired once every sign-in of the player ended (sign out everywhere, as a password reset)', async () => {
    const { player, play } = await setUp('10.00');
    expect((await play(nextId('round'), [bet(100)])).status).toBe(200);
    expect((await ctx.api.request('POST', '/auth/token/logoutall/', { token: player.token })).status).toBe(204);
    const res = await play(nextId('round'), [bet(100)]);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'session_expired', balance: 900 });
  });

  it('session_expired for a token the provider never got', async () => {
    const { provider } = await setUp();
    const res = await provider.call('/wallet/v1/balance', { token: 'no-such-token', game_id: provider.game });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'session_expired', message: expect.any(String) });
  });

  it('player_blocked 403 for a suspended, timed-out or closed player, whatever the token', async () => {
    for (const column of ['suspended_at', 'time_out_until', 'closed_at']) {
      const { player, play } = await setUp('10.00');
      const at = column === 'time_out_until' ? new Date(clock().getTime() + 86_400_000) : clock();
      await ctx.api.db.query(`UPDATE users SET ${column} = $2 WHERE id = $1`, [player.id, at.toISOString()]);
      const res = await play(nextId('round'), [bet(100)]);
      expect(res.status, column).toBe(403);
      expect(res.body, column).toMatchObject({ error: 'player_blocked', balance: 1000 });
    }
  });

  it('limit_reached 403 with the player’s reason in the player’s language', async () => {
    const { player, play } = await setUp('100.00');
    const limit = await ctx.api.request('PATCH', '/api/user/responsible-gaming', {
      token: player.token,
      body: { loss_limits: { day: '5.00' } },
    });
    expect(limit.status).toBe(200);
    const limitHit = async () =>
      (
        await ctx.api.db.query<{ limit_hit: string | null }>(
          'SELECT limit_hit FROM risk_player_state WHERE user_id = $1',
          [player.id],
        )
      )[0]?.limit_hit ?? null;
    expect((await play(nextId('round'), [bet(400)])).status).toBe(200);
    expect(await limitHit()).toBeNull(); // an accepted stake records no limit hit
    await ctx.api.db.query(`UPDATE users SET locale = 'de' WHERE id = $1`, [player.id]);
    const res = await play(nextId('round'), [bet(200)]);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('limit_reached');
    expect(res.body.balance).toBe(9600);
    expect(res.body.message).toContain('1,00');
    expect(res.body.message).not.toMatch(/^This stake/);
    // The refusal is a limit hit for harm.limit_raise_after_hit, remembered after the call rolled back.
    expect(await limitHit()).toBe('loss');
  });

  it('unknown_game 404 for a game the provider never registered; a disabled game takes no bet but pays', async () => {
    const { provider, token, play } = await setUp('10.00');
    const res = await provider.call('/wallet/v1/play', {
      token,
      game_id: 'no-such-game',
      round_id: nextId('round'),
      finished: true,
      actions: [bet(100)],
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('unknown_game');
    const round = nextId('round');
    expect((await play(round, [bet(100)], false)).status).toBe(200);
    await saveProviderGame(ctx.api.db, {
      providerId: provider.id,
      gameId: provider.game,
      name: 'Fruit Party',
      minBet: '0.10',
      maxBet: '100.00',
      enabled: false,
    });
    expect((await play(nextId('round'), [bet(100)])).body.error).toBe('unknown_game');
    expect((await play(round, [win(300)])).body.balance).toBe(1200);
  });

  it('a disabled provider takes no bet, and its open round still settles', async () => {
    const { provider, play, rollback } = await setUp('10.00');
    const { round, other, stake } = await twoOpenRounds(play);
    await setProviderStatus(ctx.api.services, provider.id, 'disabled');
    const refused = await play(nextId('round'), [bet(100)]);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: 'unknown_game', balance: 800 });
    expect((await play(round, [win(300)])).body.balance).toBe(1100);
    const refunded = await rollback(other, [{ action_id: nextId('rb'), original_action_id: stake.action_id }]);
    expect(refunded.body.balance).toBe(1200);
  });

  it('bad_request 400: a fraction, a negative, a string amount, control characters, a missing field', async () => {
    const { player, play, provider, token } = await setUp('10.00');
    const cases: unknown[][] = [
      [{ action: 'bet', action_id: nextId('b'), amount: 1.5 }],
      [{ action: 'bet', action_id: nextId('b'), amount: -100 }],
      [{ action: 'bet', action_id: nextId('b'), amount: '100' }],
      [{ action: 'bet', action_id: 'a\u0007b', amount: 100 }],
      [{ action: 'bet', action_id: 'a b', amount: 100 }],
      [{ action: 'bet', amount: 100 }],
      [{ action: 'refund', action_id: nextId('b'), amount: 100 }],
      [],
    ];
    for (const actions of cases) {
      const res = await play(nextId('round'), actions);
      expect(res.status, JSON.stringify(actions)).toBe(400);
      expect(res.body.error).toBe('bad_request');
    }
    const controlRound = await play('round\n1', [bet(100)]);
    expect(controlRound.body.error).toBe('bad_request');
    const noFinished = await provider.call('/wallet/v1/play', {
      token,
      game_id: provider.game,
      round_id: nextId('round'),
      actions: [bet(100)],
    });
    expect(noFinished.status).toBe(400);
    const notJson = await provider.call('/wallet/v1/play', undefined, { raw: '{"token": ' });
    expect(notJson.body.error).toBe('bad_request');
    expect(await balanceOf(ctx.api, player.id)).toBe('10.00');
  });
});

describe('signing', () => {
  it('a missing or wrong signature, or an unknown provider: 401 before anything is read or written', async () => {
    const { player, provider, token } = await setUp('10.00');
    const body = JSON.stringify({
      token,
      game_id: provider.game,
      round_id: nextId('r'),
      finished: true,
      actions: [bet(100)],
    });
    const send = (headers: Record<string, string>) =>
      ctx.api.app.request('/wallet/v1/play', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const good = sign(provider.secret, body);
    const refusals = [
      await send({ 'x-provider-id': provider.id }),
      await send({ 'x-signature': good }),
      await send({ 'x-provider-id': provider.id, 'x-signature': sign('another secret', body) }),
      await send({ 'x-provider-id': provider.id, 'x-signature': sign(provider.secret, body + ' ') }),
      await send({ 'x-provider-id': 'someone-else', 'x-signature': good }),
      await send({ 'x-provider-id': provider.id, 'x-signature': 'not base64!' }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'bad_signature', message: expect.any(String) });
    }
    expect(await balanceOf(ctx.api, player.id)).toBe('10.00');
    const [actions] = await ctx.api.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM provider_actions WHERE provider_id = $1',
      [provider.id],
    );
    expect(actions!.count).toBe(0);
    expect((await send({ 'x-provider-id': provider.id, 'x-signature': good })).status).toBe(200);
  });

  it('a body over the API’s limit is refused before it is read: 413', async () => {
    const { provider, token } = await setUp('10.00');
    const padding = 'x'.repeat(MAX_BODY_BYTES);
    const res = await provider.call('/wallet/v1/balance', { token, game_id: provider.game, padding });
    expect(res.status).toBe(413);
  });

  it('a rotated secret: old and new both accepted while both are active, the retired one refused', async () => {
    const { provider, token } = await setUp('10.00');
    const body = { token, game_id: provider.game };
    const old = provider.secret;
    const { secret: fresh } = await rotateProviderSecret(ctx.api.services, provider.id);
    expect((await provider.call('/wallet/v1/balance', body, { secret: old })).status).toBe(200);
    expect((await provider.call('/wallet/v1/balance', body, { secret: fresh })).status).toBe(200);
    await retireOldSecret(ctx.api.services, provider.id);
    expect((await provider.call('/wallet/v1/balance', body, { secret: old })).status).toBe(401);
    expect((await provider.call('/wallet/v1/balance', body, { secret: fresh })).status).toBe(200);
    // Secrets are sealed at rest: the database never holds their text.
    const [row] = await ctx.api.db.query<{ sealed: string }>(
      'SELECT array_to_string(sealed_secrets, $2) AS sealed FROM game_providers WHERE id = $1',
      [provider.id, ' '],
    );
    expect(row!.sealed).not.toContain(fresh);
  });

  it('a provider with allowed addresses refuses a call from elsewhere', async () => {
    const provider = await addProvider(ctx.api, { allowedAddresses: ['203.0.113.7'] });
    const { token } = await setUp('10.00', provider);
    const res = await provider.call('/wallet/v1/balance', { token, game_id: provider.game });
    expect(res.status).toBe(401);
  });
});

describe('idempotency', () => {
  it('a replayed call answers the first result with replayed: true and moves nothing', async () => {
    const { player, play } = await setUp('10.00');
    const round = nextId('round');
    const actions = [bet(100), win(250)];
    const first = await play(round, actions);
    expect(first.body.balance).toBe(1150);
    // The balance moves meanwhile; the replay still answers the first result.
    expect((await play(nextId('round'), [bet(100)])).body.balance).toBe(1050);
    const again = await play(round, actions);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, replayed: true });
    expect(await balanceOf(ctx.api, player.id)).toBe('10.50');
  });

  it('the same action_id with other content: 409 duplicate_mismatch', async () => {
    const { player, play } = await setUp('10.00');
    const round = nextId('round');
    const first = bet(100);
    expect((await play(round, [first], false)).status).toBe(200);
    const res = await play(round, [{ ...first, amount: 200 }], false);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'duplicate_mismatch', balance: 900 });
    expect(await balanceOf(ctx.api, player.id)).toBe('9.00');
  });
});

describe('rollback', () => {
  it('refunds the original bet once', async () => {
    const { player, play, rollback } = await setUp('10.00');
    const round = nextId('round');
    const stake = bet(400);
    expect((await play(round, [stake], false)).body.balance).toBe(600);
    const res = await rollback(round, [{ action_id: nextId('rb'), original_action_id: stake.action_id }]);
    expect(res.status).toBe(200);
    expect(res.body.balance).toBe(1000);
    const twice = await rollback(round, [{ action_id: nextId('rb'), original_action_id: stake.action_id }]);
    expect(twice.body.balance).toBe(1000);
    expect(await historyItem(player.id)).toEqual([{ amount: '0.00', status: 'cancelled', stake: '0.00', win: '0.00' }]);
  });

  it('a rollback before its bet is recorded, and the bet arriving later is refused: 409 rolled_back', async () => {
    const { player, play, rollback } = await setUp('10.00');
    const round = nextId('round');
    const stake = bet(400);
    const early = await rollback(round, [{ action_id: nextId('rb'), original_action_id: stake.action_id }]);
    expect(early.status).toBe(200);
    expect(early.body.balance).toBe(1000);
    const late = await play(round, [stake], false);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: 'rolled_back', balance: 1000 });
    expect(await balanceOf(ctx.api, player.id)).toBe('10.00');
  });

  it('a win for a closed account is credited and leaves the back office a task to pay it out', async () => {
    const { player, play, provider } = await setUp('10.00');
    const round = nextId('round');
    expect((await play(round, [bet(100)], false)).status).toBe(200);
    await ctx.api.db.query('UPDATE users SET closed_at = $2 WHERE id = $1', [player.id, clock().toISOString()]);
    const paid = await play(round, [win(350)]);
    expect(paid.status).toBe(200);
    expect(paid.body.balance).toBe(1250);
    const tasks = await ctx.api.db.query(
      'SELECT provider_id, round_id, amount::text, currency, done_at FROM closed_account_payouts WHERE user_id = $1',
      [player.id],
    );
    expect(tasks).toEqual([
      { provider_id: provider.id, round_id: round, amount: '3.50', currency: 'EUR', done_at: null },
    ]);
    const admin = await staffMember(ctx.api, 'admin');
    const overview = await admin.client.get('/operator');
    expect(overview.text).toContain('<dd data-figure="closed_account_payouts">1</dd>');
  });

  it('a win after self-exclusion is credited; a bet is refused', async () => {
    const { player, play, rollback } = await setUp('10.00');
    const { round, other, stake } = await twoOpenRounds(play);
    const excluded = await ctx.api.request('POST', '/api/user/self-exclusion', {
      token: player.token,
      body: { period: '6m', password: player.password, confirm: true },
    });
    expect(excluded.status, JSON.stringify(excluded.body)).toBe(200);
    const before = Number((await balanceOf(ctx.api, player.id)).replace('.', ''));
    expect((await play(nextId('round'), [bet(100)])).body.error).toBe('player_blocked');
    const paid = await play(round, [win(700)]);
    expect(paid.status).toBe(200);
    expect(paid.body.balance).toBe(before + 700);
    const refunded = await rollback(other, [{ action_id: nextId('rb'), original_action_id: stake.action_id }]);
    expect(refunded.body.balance).toBe(before + 800);
  });
});
