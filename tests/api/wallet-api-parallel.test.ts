import { describe, expect, it } from 'vitest';
import { ledgerMismatches } from '../../server/src/services/ledger.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { addProvider, bet, nextId } from './wallet-api-provider.ts';

/**
 * 50 bets of one player sent at once through the wallet API: each is checked and taken under the
 * player's row lock, so exactly the affordable ones (and exactly those under the loss limit) apply.
 * Real parallel requests; on PGlite and, with DATABASE_URL, on PostgreSQL (a pool of connections).
 */
const ctx = useTestApi();

async function fiftyBets(player: { id: number; token: string }, cents: number, finished: boolean) {
  const provider = await addProvider(ctx.api);
  const token = await provider.tokenFor(player);
  return Promise.all(
    Array.from({ length: 50 }, () =>
      provider.call('/wallet/v1/play', {
        token,
        game_id: provider.game,
        round_id: nextId('round'),
        finished,
        actions: [bet(cents)],
      }),
    ),
  );
}

const statusCounts = (results: { status: number }[]) =>
  results.reduce<Record<number, number>>(
    (counts, res) => ({ ...counts, [res.status]: (counts[res.status] ?? 0) + 1 }),
    {},
  );

describe('50 parallel bets', () => {
  it('that together exceed the balance: exactly the affordable ones apply, never below zero', async () => {
    const player = await ctx.api.player({ balance: '10.00' });
    const results = await fiftyBets(player, 100, true);
    expect(statusCounts(results)).toEqual({ 200: 10, 402: 40 });
    for (const res of results.filter((r) => r.status === 402)) expect(res.body.error).toBe('insufficient_funds');
    expect(await balanceOf(ctx.api, player.id)).toBe('0.00');
    const [rounds] = await ctx.api.db.query<{ count: number; stake: string }>(
      'SELECT count(*)::int AS count, sum(stake)::text AS stake FROM provider_rounds WHERE user_id = $1',
      [player.id],
    );
    expect(rounds).toEqual({ count: 10, stake: '10.00' });
    expect(await ledgerMismatches(ctx.api.db)).toEqual([]);
  });

  it('under a daily loss limit of 10.00: exactly 10.00 staked', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    const limit = await ctx.api.request('PATCH', '/api/user/responsible-gaming', {
      token: player.token,
      body: { loss_limits: { day: '10.00' } },
    });
    expect(limit.status).toBe(200);
    const results = await fiftyBets(player, 100, false);
    expect(statusCounts(results)).toEqual({ 200: 10, 403: 40 });
    for (const res of results.filter((r) => r.status === 403)) expect(res.body.error).toBe('limit_reached');
    expect(await balanceOf(ctx.api, player.id)).toBe('90.00');
  });
});
