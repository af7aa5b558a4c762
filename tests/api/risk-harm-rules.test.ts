import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { recordRiskEvent } from '../../server/src/services/risk/risk-events.ts';
import { walletBet, walletWin } from '../../server/src/services/wallet.ts';
import { submitPaymentForm } from './demo-pay-form.ts';
import { useTestApi } from './harness.ts';

// A fixed start (a Sunday, 12:00 UTC): the rules never see today's date.
const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
const ctx = useTestApi(
  {
    RISK_CHASE_STEPS: '3',
    RISK_CHASE_MINUTES: '30',
    RISK_SESSION_HOURS: '2',
    RISK_SESSION_GAP_MINUTES: '15',
    RISK_NIGHT_DAYS_7D: '3',
    RISK_NIGHT_DAYS_30D: '5',
    RISK_DECLINED_DEPOSITS_24H: '3',
    RISK_LIMIT_RAISE_HOURS: '24',
  },
  { clock },
);
type Player = Awaited<ReturnType<typeof ctx.api.player>>;

/** Moves the injected clock to `at` (the tests go forward through the year). */
const moveClockTo = (at: Date) => clock.advance((at.getTime() - clock().getTime()) / 1000);

const alertsOf = (userId: number) =>
  ctx.api.db.query<{ rule_id: string; severity: string; evidence: Record<string, unknown> }>(
    'SELECT rule_id, severity, evidence FROM risk_alerts WHERE user_id = $1 ORDER BY id',
    [userId],
  );
const rulesOf = async (userId: number) => (await alertsOf(userId)).map((alert) => alert.rule_id);

/** A round settled as the rules hear it (the statement test and the wallet share this event). */
const settle = (player: Player, stake: string, win = '0.00') =>
  ctx.api.db.transaction((tx) =>
    recordRiskEvent(tx, {
      kind: 'round',
      rules: ctx.api.config.risk,
      userId: player.id,
      stake,
      win,
      balance: '50.00',
      now: clock(),
    }),
  );

let rounds = 0;
/** One of our own rounds through the real wallet: the bet, then its win (0: lost). */
async function playRound(player: Player, stake: string, win: string) {
  const roundId = `harm-round-${++rounds}`;
  const now = clock();
  await ctx.api.db.transaction((tx) =>
    walletBet(tx, {
      transactionId: `bet:${roundId}`,
      userId: player.id,
      roundId,
      amount: stake,
      currency: 'EUR',
      game: 'Amber Fortune',
      now,
    }),
  );
  const settled = await ctx.api.db.transaction((tx) =>
    walletWin(
      tx,
      {
        transactionId: `win:${roundId}`,
        userId: player.id,
        roundId,
        amount: win,
        betTransactionId: `bet:${roundId}`,
        now,
      },
      { wageringMultiplier: 1, currency: 'EUR', risk: ctx.api.config.risk },
    ),
  );
  expect(settled.status).toBe('ok');
}

describe('harm.loss_chasing', () => {
  it('fires after three losing rounds each followed by a larger stake, through the wallet', async () => {
    const player = await ctx.api.player({ balance: '500.00' });
    for (const stake of ['1.00', '2.00', '4.00']) {
      await playRound(player, stake, '0.00');
      clock.advance(60);
    }
    expect(await rulesOf(player.id)).toEqual([]);
    await playRound(player, '8.00', '0.00');
    const [alert] = await alertsOf(player.id);
    expect(alert).toMatchObject({ rule_id: 'harm.loss_chasing', severity: 'medium' });
    const steps = alert!.evidence.steps as { stake: string; after: string }[];
    expect(steps.map((step) => [step.after, step.stake])).toEqual([
      ['1.00', '2.00'],
      ['2.00', '4.00'],
      ['4.00', '8.00'],
    ]);
  });

  it('does not fire when a win, an equal stake or a smaller one breaks the run', async () => {
    const player = await ctx.api.player({ balance: '500.00' });
    // A win in between: the next larger stake is not a chase.
    for (const [stake, win] of [
      ['1.00', '0.00'],
      ['2.00', '0.00'],
      ['4.00', '9.00'],
      ['8.00', '0.00'],
      ['8.00', '0.00'], // equal, not larger
      ['9.00', '0.00'],
      ['5.00', '0.00'], // smaller
      ['6.00', '0.00'],
      ['7.00', '0.00'],
    ] as const) {
      await playRound(player, stake, win);
      clock.advance(60);
    }
    expect(await rulesOf(player.id)).toEqual([]);
  });

  it('does not count rising stakes spread over more than the window', async () => {
    const player = await ctx.api.player();
    // A step every 16 minutes: never three within 30 minutes, however long the run.
    for (const stake of ['1.00', '2.00', '3.00', '4.00', '5.00', '6.00']) {
      await settle(player, stake);
      clock.advance(16 * 60);
    }
    expect(await rulesOf(player.id)).toEqual([]);
    // Two quick steps more (16 minutes after 6.00, then one minute): three within 30 minutes.
    await settle(player, '7.00');
    expect(await rulesOf(player.id)).toEqual([]);
    clock.advance(60);
    await settle(player, '8.00');
    expect(await rulesOf(player.id)).toEqual(['harm.loss_chasing']);
  });
});

describe('harm.long_session', () => {
  it('fires once when rounds less than 15 minutes apart span 2 hours', async () => {
    const player = await ctx.api.player();
    const start = clock().toISOString();
    for (let minute = 0; minute < 120; minute += 10) {
      await settle(player, '1.00', '1.00');
      clock.advance(10 * 60);
    }
    expect(await rulesOf(player.id)).toEqual([]); // 110 minutes so far
    await settle(player, '1.00', '1.00');
    const [alert] = await alertsOf(player.id);
    expect(alert).toMatchObject({ rule_id: 'harm.long_session', severity: 'low' });
    expect(new Date(alert!.evidence.session_started_at as string).toISOString()).toBe(start);
    // Playing on in the same session does not tell it again (its evidence is untouched).
    clock.advance(10 * 60);
    await ctx.api.db.query(`UPDATE risk_alerts SET evidence = '{"kept":true}' WHERE user_id = $1`, [player.id]);
    await settle(player, '1.00', '1.00');
    expect((await alertsOf(player.id))[0]!.evidence).toEqual({ kept: true });
  });

  it('does not fire when a pause of 15 minutes splits the play', async () => {
    const player = await ctx.api.player();
    for (let minute = 0; minute <= 70; minute += 10) {
      await settle(player, '1.00');
      clock.advance(10 * 60);
    }
    clock.advance(5 * 60); // 15 minutes since the last round: a new session
    for (let minute = 0; minute <= 70; minute += 10) {
      await settle(player, '1.00');
      clock.advance(10 * 60);
    }
    expect(await rulesOf(player.id)).toEqual([]);
  });
});

describe('harm.night_play', () => {
  const atLocal = (day: string, time: string) => moveClockTo(new Date(`${day}T${time}Z`));

  it("fires on the third local night in 7 days, in the account's time zone", async () => {
    const player = await ctx.api.player({ balance: '50.00' });
    // Through the wallet, which reads the account's zone. Tokyo is UTC+9: 17:30 UTC is 02:30 the next morning there.
    await ctx.api.db.query(`UPDATE users SET time_zone = 'Asia/Tokyo' WHERE id = $1`, [player.id]);
    atLocal('2026-04-01', '17:30:00');
    await playRound(player, '1.00', '0.00');
    await playRound(player, '1.00', '0.00'); // the same night counts once
    atLocal('2026-04-03', '18:00:00');
    await playRound(player, '1.00', '0.00');
    atLocal('2026-04-04', '22:00:00'); // 07:00 in Tokyo: morning, not night
    await playRound(player, '1.00', '0.00');
    expect(await rulesOf(player.id)).toEqual([]);
    atLocal('2026-04-05', '20:59:00'); // 05:59 in Tokyo
    await playRound(player, '1.00', '0.00');
    const [alert] = await alertsOf(player.id);
    expect(alert).toMatchObject({ rule_id: 'harm.night_play', severity: 'low' });
    expect(alert!.evidence.days).toEqual(['2026-04-02', '2026-04-04', '2026-04-06']);
  });

  it('does not fire on nights spread wider than 7 days until five fall in 30 days (UTC without a zone)', async () => {
    const player = await ctx.api.player();
    for (const day of ['2026-05-01', '2026-05-05', '2026-05-09', '2026-05-13']) {
      atLocal(day, '03:00:00');
      await settle(player, '1.00');
      atLocal(day, '12:00:00'); // daytime rounds do not count
      await settle(player, '1.00');
    }
    expect(await rulesOf(player.id)).toEqual([]);
    atLocal('2026-05-17', '05:59:59');
    await settle(player, '1.00');
    expect(await rulesOf(player.id)).toEqual(['harm.night_play']);
  });

  it('drops nights older than 30 days', async () => {
    const player = await ctx.api.player();
    for (const day of ['2026-06-01', '2026-06-05', '2026-06-09', '2026-06-13', '2026-07-14']) {
      atLocal(day, '01:00:00');
      await settle(player, '1.00');
    }
    expect(await rulesOf(player.id)).toEqual([]);
  });
});

describe('harm.declined_deposits', () => {
  const declineDeposit = async (player: Player) => {
    const res = await ctx.api.request('POST', '/api/user/payments/create-payment', {
      token: player.token,
      body: { amount: '20.00', method: 'card', return_url: '/en/profile/deposit' },
    });
    expect(res.status).toBe(201);
    const page = await submitPaymentForm(ctx.api, new URL(res.body.redirect_url).pathname, 'cancel');
    expect(new URL(page.headers.get('location')!).searchParams.get('payment_status')).toBe('cancelled');
    return res.body.id as string;
  };

  it('fires on the third deposit declined at the payment page in 24 hours', async () => {
    moveClockTo(new Date('2026-08-01T12:00:00Z'));
    const player = await ctx.api.player();
    const ids = [await declineDeposit(player), await declineDeposit(player)];
    expect(await rulesOf(player.id)).toEqual([]);
    clock.advance(23 * 3600);
    ids.push(await declineDeposit(player));
    const [alert] = await alertsOf(player.id);
    expect(alert).toMatchObject({ rule_id: 'harm.declined_deposits', severity: 'medium' });
    expect(alert!.evidence.payments).toEqual(ids.map((id) => `payment:${id}`));
  });

  it('does not count declines older than 24 hours, nor an expired payment', async () => {
    moveClockTo(new Date('2026-08-10T12:00:00Z'));
    const player = await ctx.api.player();
    await declineDeposit(player);
    await declineDeposit(player);
    clock.advance(24 * 3600 + 1);
    await declineDeposit(player);
    // A payment left to expire is no decline.
    const res = await ctx.api.request('POST', '/api/user/payments/create-payment', {
      token: player.token,
      body: { amount: '20.00', method: 'card', return_url: '/en/profile/deposit' },
    });
    clock.advance(24 * 3600);
    await ctx.api.request('GET', `/demo-pay/${res.body.id}`);
    expect(await rulesOf(player.id)).toEqual([]);
  });
});

describe('harm.limit_raise_after_hit', () => {
  const setDepositLimit = (player: Player, day: string) =>
    ctx.api.request('PATCH', '/api/user/responsible-gaming', {
      token: player.token,
      body: { deposit_limits: { day } },
    });
  const tryDeposit = (player: Player, amount: string) =>
    ctx.api.request('POST', '/api/user/payments/create-payment', {
      token: player.token,
      body: { amount, method: 'card', return_url: '/en/profile/deposit' },
    });

  it('fires when a raise is asked within 24 hours of a deposit refused by the limit', async () => {
    moveClockTo(new Date('2026-09-01T12:00:00Z'));
    const player = await ctx.api.player();
    expect((await setDepositLimit(player, '20.00')).status).toBe(200);
    expect((await tryDeposit(player, '30.00')).status).toBe(400);
    clock.advance(23 * 3600);
    expect(await rulesOf(player.id)).toEqual([]);
    expect((await setDepositLimit(player, '100.00')).status).toBe(200);
    const [alert] = await alertsOf(player.id);
    expect(alert).toMatchObject({ rule_id: 'harm.limit_raise_after_hit', severity: 'medium' });
    expect(alert!.evidence).toMatchObject({ limit_hit: 'deposit', raised: 'deposit:day' });
  });

  it('does not fire on a raise more than 24 hours later, a lowering, or a raise without a hit', async () => {
    moveClockTo(new Date('2026-09-10T12:00:00Z'));
    const player = await ctx.api.player();
    expect((await setDepositLimit(player, '20.00')).status).toBe(200);
    expect((await setDepositLimit(player, '50.00')).status).toBe(200); // a raise, no hit before it
    expect((await tryDeposit(player, '10.00')).status).toBe(201); // within the limit: no hit
    expect((await tryDeposit(player, '30.00')).status).toBe(400);
    expect((await setDepositLimit(player, '15.00')).status).toBe(200); // lowering protects
    clock.advance(24 * 3600 + 60);
    expect((await setDepositLimit(player, '80.00')).status).toBe(200);
    expect(await rulesOf(player.id)).toEqual([]);
  });
});
