import { beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '#server/base/clock.ts';
import { tickCrashRoom } from '#server/services/crash-room/crash-room-driver.ts';
import { installTestCrashChain } from './fixtures/crash-chain.ts';
import { useTestApi } from './harness.ts';

/**
 * MARKET=NL (docs/markets.md): a crash-room bet counts toward the loss limit and its 50 % / 100 % alerts
 * exactly as a game round does, and the limit refuses the next bet. Games 1 and 2 of the test chain crash at
 * 1.10× and 1.95×; a bet never cashed out loses its stake. The injected clock moves. On PGlite and, with
 * DATABASE_URL, on PostgreSQL.
 */
const clock = manualClock();
const ctx = useTestApi({ MARKET: 'NL', CRASH_ROOM_BETTING_SECONDS: '6' }, { clock });
beforeAll(() => installTestCrashChain(ctx.api.services, clock()));

type Player = Awaited<ReturnType<typeof ctx.api.player>>;
const bet = (player: Player, amount: string) =>
  ctx.api.request('POST', '/api/crash-room/bets', { token: player.token, body: { amount } });

/** Lets the running game crash (a bet not cashed out is lost) and opens the next. */
async function crashAndOpenNext() {
  const [row] = await ctx.api.db.query<{ crashes_at: Date }>('SELECT crashes_at FROM crash_games WHERE NOT ended');
  if (row) clock.advance(Math.max(0, new Date(row.crashes_at).getTime() - clock().getTime()) / 1000);
  expect(await tickCrashRoom(ctx.api.services, 'EUR', 'node-a')).toMatch(/^(opened|ended)$/);
}

async function limitAlerts(player: Player) {
  const res = await ctx.api.request('GET', '/api/user/notification?mode=own', { token: player.token });
  expect(res.status).toBe(200);
  return (res.body as { title: string }[]).filter((item) => /limit/i.test(item.title)).map((item) => item.title);
}

describe('NL: crash-room bets and the loss limit', () => {
  it('two lost €5 bets against a €10 daily loss limit tell 50 % then 100 %; the third bet is refused', async () => {
    const player = await ctx.api.player({ balance: '50.00', verified: true });
    const limits = await ctx.api.request('PATCH', '/api/user/responsible-gaming', {
      token: player.token,
      body: { loss_limits: { day: '10.00' } },
    });
    expect(limits.status).toBe(200);
    expect(await tickCrashRoom(ctx.api.services, 'EUR', 'node-a')).toBe('opened');

    expect((await bet(player, '5.00')).status).toBe(201);
    // While the bet is open its whole stake counts (the worst case): €6 more would not fit under €10.
    const open = await ctx.api.request('GET', '/api/user/responsible-gaming', { token: player.token });
    expect(open.body.loss_limits.day).toMatchObject({ used: '5.00', remaining: '5.00' });
    expect(await limitAlerts(player)).toEqual([]);
    await crashAndOpenNext(); // game 1 crashes at 1.10×: €5 lost
    expect(await limitAlerts(player)).toEqual(['Loss limit: 50 % reached']);

    const over = await bet(player, '6.00');
    expect(over.status).toBe(403);
    expect(over.body.detail).toMatch(/€5\.00/);

    expect((await bet(player, '5.00')).status).toBe(201);
    await crashAndOpenNext(); // game 2 crashes at 1.95×: €5 lost
    expect(await limitAlerts(player)).toEqual(['Loss limit: 100 % reached', 'Loss limit: 50 % reached']);

    const refused = await bet(player, '1.00');
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/loss limit/i);
    const [{ bets }] = (await ctx.api.db.query('SELECT count(*)::int AS bets FROM crash_bets WHERE user_id = $1', [
      player.id,
    ])) as [{ bets: number }];
    expect(bets).toBe(2);
  });
});
