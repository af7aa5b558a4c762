import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { launchSession } from './fixtures/game-launch.ts';
import { slotSpin } from './fixtures/market-play.ts';
import { depositByCard, signInAgain } from './fixtures/player-money.ts';
import { useTestApi } from './harness.ts';
import { PINS, pinGameSeeds, unpinGameSeedsAfterEach } from './pinned-seeds.ts';

/**
 * MARKET=NL (docs/markets.md): the player is told at 50 % and 100 % of a deposit or loss limit, once per
 * window of that limit (a notification); a raised limit applies after 7 days; a reality check at least every
 * 30 minutes. The injected clock moves. On PGlite and, with DATABASE_URL, on PostgreSQL.
 */
const clock = manualClock();
const ctx = useTestApi({ MARKET: 'NL' }, { clock });
unpinGameSeedsAfterEach(ctx);
type Player = Awaited<ReturnType<typeof ctx.api.player>>;

const signIn = (player: Player) => signInAgain(ctx.api, player);
const deposit = (player: Player, amount: string) => depositByCard(ctx.api, player, amount);

const setLimits = (player: Player, body: Record<string, unknown>) =>
  ctx.api.request('PATCH', '/api/user/responsible-gaming', { token: player.token, body });

/** The limit notifications the player has, oldest first, as they read them (English). */
async function limitAlerts(player: Player) {
  const res = await ctx.api.request('GET', '/api/user/notification?mode=own', { token: player.token });
  expect(res.status).toBe(200);
  return (res.body as { title: string; body: string }[])
    .filter((item) => /limit/i.test(item.title))
    .map((item) => `${item.title} | ${item.body}`)
    .reverse();
}

describe('NL: the market’s settings', () => {
  it('a raise waits 7 days, alerts at 50 % and 100 %, a reality check every 30 minutes', () => {
    expect(ctx.api.services.config.rg).toMatchObject({
      coolingOffHours: 168,
      limitAlertPercents: [50, 100],
      realityCheckMaxMinutes: 30,
    });
  });
});

describe('NL: deposit limit alerts', () => {
  it('€40 of a €100 daily limit says nothing; €50 tells 50 %, €100 tells 100 %, each once in the window', async () => {
    const player = await ctx.api.player({ verified: true });
    expect((await setLimits(player, { deposit_limits: { day: '100.00' } })).status).toBe(200);
    await deposit(player, '40.00');
    expect(await limitAlerts(player)).toEqual([]);
    await deposit(player, '10.00');
    await deposit(player, '20.00');
    expect(await limitAlerts(player)).toEqual([
      'Deposit limit: 50 % used | You have used 50 % of your deposit limit of €100.00.',
    ]);
    await deposit(player, '30.00');
    expect(await limitAlerts(player)).toEqual([
      'Deposit limit: 50 % used | You have used 50 % of your deposit limit of €100.00.',
      'Deposit limit: 100 % used | You have used 100 % of your deposit limit of €100.00.',
    ]);
    // A day later the window is new: €50 tells 50 % again.
    clock.advance(86_401);
    await signIn(player);
    await deposit(player, '50.00');
    expect((await limitAlerts(player)).length).toBe(3);
  });

  it('parallel deposits past 50 % tell it once', async () => {
    const player = await ctx.api.player({ verified: true });
    expect((await setLimits(player, { deposit_limits: { day: '100.00' } })).status).toBe(200);
    await deposit(player, '45.00');
    // Each of the four crosses 50 % on its own; together they stay under 100 %.
    await Promise.all(Array.from({ length: 4 }, () => deposit(player, '10.00')));
    expect(await limitAlerts(player)).toEqual([
      'Deposit limit: 50 % used | You have used 50 % of your deposit limit of €100.00.',
    ]);
  });

  it('a player without a limit is told nothing', async () => {
    const player = await ctx.api.player({ verified: true });
    // An account made before the market asked for a limit at registration (NL players now choose one there).
    await ctx.api.db.query('DELETE FROM rg_limits WHERE user_id = $1', [player.id]);
    await deposit(player, '500.00');
    expect(await limitAlerts(player)).toEqual([]);
  });
});

describe('NL: loss limit alerts', () => {
  it('losing spins against a €10 daily loss limit: told at €5 and at €10', async () => {
    pinGameSeeds(ctx.api.services, PINS.slotLosses);
    const player = await ctx.api.player({ balance: '50.00', verified: true });
    expect((await setLimits(player, { loss_limits: { day: '10.00' } })).status).toBe(200);
    const session = await launchSession(ctx.api, 'fruit-fiesta', { token: player.token });
    for (let spin = 1; spin <= 4; spin++) expect((await slotSpin(ctx.api, session, '1.00')).status).toBe(200);
    expect(await limitAlerts(player)).toEqual([]);
    expect((await slotSpin(ctx.api, session, '1.00')).status).toBe(200);
    expect(await limitAlerts(player)).toEqual([
      'Loss limit: 50 % reached | Your losses have reached 50 % of your loss limit of €10.00.',
    ]);
    for (let spin = 6; spin <= 10; spin++) expect((await slotSpin(ctx.api, session, '1.00')).status).toBe(200);
    expect((await limitAlerts(player)).at(-1)).toBe(
      'Loss limit: 100 % reached | Your losses have reached 100 % of your loss limit of €10.00.',
    );
    expect((await limitAlerts(player)).length).toBe(2);
  });
});

describe('NL: a raised limit applies after 7 days', () => {
  it('a raise is pending for 168 hours, then in force', async () => {
    const player = await ctx.api.player({ verified: true });
    await setLimits(player, { deposit_limits: { month: '300.00' } });
    const raised = await setLimits(player, { deposit_limits: { month: '500.00' } });
    expect(raised.body.deposit_limits.month).toMatchObject({
      amount: '300.00',
      pending: { amount: '500.00', effective_at: new Date(clock().getTime() + 168 * 3_600_000).toISOString() },
    });
    clock.advance(168 * 3600 - 1);
    await signIn(player);
    const before = await ctx.api.request('GET', '/api/user/responsible-gaming', { token: player.token });
    expect(before.body.deposit_limits.month.amount).toBe('300.00');
    clock.advance(1);
    const after = await ctx.api.request('GET', '/api/user/responsible-gaming', { token: player.token });
    expect(after.body.deposit_limits.month).toMatchObject({ amount: '500.00', pending: null });
  });
});

describe('NL: a reality check at least every 30 minutes', () => {
  it('without a choice of their own, and with 60 chosen, the check is due 30 minutes after sign-in', async () => {
    const player = await ctx.api.player({ verified: true });
    const get = () => ctx.api.request('GET', '/api/user/responsible-gaming', { token: player.token });
    const in30 = new Date(clock().getTime() + 30 * 60_000).toISOString();
    await setLimits(player, { reality_check_minutes: null });
    expect((await get()).body.reality_check_next_at).toBe(in30);
    const sixty = await setLimits(player, { reality_check_minutes: 60 });
    expect(sixty.body).toMatchObject({ reality_check_minutes: 60, reality_check_next_at: in30 });
    const me = await ctx.api.request('GET', '/api/user/me', { token: player.token });
    expect(me.body.reality_check_next_at).toBe(in30);
    clock.advance(31 * 60);
    const ack = await ctx.api.request('POST', '/api/user/reality-check/ack', { token: player.token, body: {} });
    expect(ack.body).toEqual({ next_at: new Date(clock().getTime() + 30 * 60_000).toISOString() });
  });

  it('a shorter choice of the player’s own stands (15 minutes)', async () => {
    const player = await ctx.api.player({ verified: true });
    const res = await setLimits(player, { reality_check_minutes: 15 });
    expect(res.body.reality_check_next_at).toBe(new Date(clock().getTime() + 15 * 60_000).toISOString());
  });
});
