import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { InvalidInput } from '../../server/src/base/domain-errors.ts';
import { createCashback } from '../../server/src/services/promotions/cashback.ts';
import { ledgerMismatches } from '../../server/src/services/ledger.ts';
import { launchSession } from './fixtures/game-launch.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { PINS, pinGameSeeds, unpinGameSeedsAfterEach } from './pinned-seeds.ts';
import { addProvider, bet, nextId, win } from './wallet-api-provider.ts';

/**
 * Cashback (issue 41): a percentage of the last whole period's net losses on real-money rounds,
 * paid as cash with no wagering, through the ledger, once however many claims race (both databases).
 */
const clock = manualClock(new Date('2026-06-10T08:00:00Z'));
const ctx = useTestApi({}, { clock });
unpinGameSeedsAfterEach(ctx);

const cashback = (token: string) => ctx.api.request('GET', '/api/user/cashback', { token });
const claim = (token: string, id: number) => ctx.api.request('POST', `/api/user/cashback/${id}/claim`, { token });
const newCashback = (percent = 10, periodDays = 1) =>
  createCashback(ctx.api.db, { name: 'Daily cashback', percent, periodDays }, null, clock());

/** `rounds` slot rounds of `stake` in a new session: on the pinned seeds, rounds 1 to 12 pay nothing. */
async function loseSlotRounds(token: string, rounds: number, stake: string) {
  pinGameSeeds(ctx.api.services, PINS.slotLosses);
  const session = await launchSession(ctx.api, 'fruit-fiesta', { token });
  for (let round = 0; round < rounds; round += 1) {
    const res = await ctx.api.request('POST', `/demo-games/api/sessions/${session}/rounds`, {
      body: { bet: { type: 'slot', amount: stake } },
      encrypt: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.round.win).toBe('0.00');
  }
}

/** Net losses in [start, end) computed apart from the service: each real round's stake minus win, in cents. */
async function independentNetLoss(userId: number, start: string, end: string) {
  const rows = await ctx.api.db.query<{ stake: string; win: string }>(
    `SELECT stake::text AS stake, win::text AS win FROM game_rounds WHERE user_id = $1 AND mode = 'real'
      AND created_at >= $2 AND created_at < $3`,
    [userId, start, end],
  );
  const cents = (money: string) => BigInt(money.replace('.', ''));
  return rows.reduce((sum, row) => sum + cents(row.stake) - cents(row.win), 0n);
}

describe('cashback', () => {
  it('refuses a percentage or period out of range', async () => {
    for (const [percent, days, field] of [
      [0, 1, 'cashback_percent'],
      [101, 1, 'cashback_percent'],
      [10, 0, 'period_days'],
      [10, 1.5, 'period_days'],
    ] as const) {
      const refusal = await newCashback(percent, days).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(InvalidInput);
      expect(Object.keys((refusal as InvalidInput).problems)).toEqual([field]);
    }
  });

  it('pays 15 % of yesterday’s net losses as cash once, though five claims race; ledger exact', async () => {
    const id = await newCashback(15);
    const player = await ctx.api.player({ marketingConsent: true, balance: '100.00' });
    const outsider = await ctx.api.player({ balance: '100.00' });
    expect((await cashback(outsider.token)).body).toEqual([]);
    expect((await claim(outsider.token, id)).status).toBe(404);

    await loseSlotRounds(player.token, 9, '1.30'); // 11.70 lost on 2026-06-10
    // Still the same day: the last whole period (yesterday) had no rounds, so nothing is due.
    expect((await cashback(player.token)).body[0]).toMatchObject({ id, net_loss: '0.00', amount: '0.00' });
    expect((await claim(player.token, id)).body.detail).toBe(
      'There is no cashback to pay for this period: you had no net losses.',
    );

    clock.advance(16 * 3600 + 1); // 2026-06-11T00:00:01Z
    await loseSlotRounds(player.token, 1, '5.00'); // today's: counts in tomorrow's period, not this one
    const loss = await independentNetLoss(player.id, '2026-06-10T00:00:00Z', '2026-06-11T00:00:00Z');
    expect(loss).toBe(1170n);
    // 15 % of 11.70 = 1.755, rounded down to the cent: 1.75.
    expect((await cashback(player.token)).body).toEqual([
      {
        id,
        kind: 'cashback',
        name: 'Daily cashback',
        percent: 15,
        period_days: 1,
        period_start: '2026-06-10T00:00:00.000Z',
        period_end: '2026-06-11T00:00:00.000Z',
        net_loss: '11.70',
        amount: '1.75',
        paid: false,
      },
    ]);
    expect(await balanceOf(ctx.api, player.id)).toBe('83.30');

    const answers = await Promise.all(Array.from({ length: 5 }, () => claim(player.token, id)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(answers.find((res) => res.status === 200)!.body).toMatchObject({ amount: '1.75', paid: true });
    expect(await balanceOf(ctx.api, player.id)).toBe('85.05');
    const payouts = await ctx.api.db.query(
      `SELECT p.amount::text AS amount, p.net_loss::text AS net_loss, l.account, l.amount::text AS ledger, t.type,
              t.template
        FROM cashback_payouts p JOIN transactions t ON t.id = p.transaction_id JOIN ledger l ON l.transaction_id = t.id
        WHERE p.user_id = $1`,
      [player.id],
    );
    expect(payouts).toEqual([
      { amount: '1.75', net_loss: '11.70', account: 'cash', ledger: '1.75', type: 'bonus', template: 'cashback' },
    ]);
    expect((await claim(player.token, id)).body.detail).toBe("This period's cashback has already been paid.");
    expect((await cashback(player.token)).body[0]).toMatchObject({ paid: true });
    expect(await ledgerMismatches(ctx.api.db)).toEqual([]);
  });

  it("counts a game provider's rounds settled in the period, not one still open", async () => {
    const id = await newCashback(10);
    const provider = await addProvider(ctx.api);
    const player = await ctx.api.player({ marketingConsent: true, balance: '100.00' });
    const token = await provider.tokenFor(player);
    const play = async (actions: ReturnType<typeof bet>[], finished: boolean) => {
      const played = await provider.call('/wallet/v1/play', {
        token,
        game_id: provider.game,
        round_id: nextId('round'),
        finished,
        actions,
      });
      expect(played.status, JSON.stringify(played.body)).toBe(200);
    };
    await play([bet(400), win(100)], true); // 3.00 lost, settled today
    await play([bet(250)], false); // open: not a result yet, whatever it becomes
    await loseSlotRounds(player.token, 1, '1.00'); // one of our own rounds: 1.00 lost
    clock.advance(86_400);
    expect((await cashback(player.token)).body.find((offer: { id: number }) => offer.id === id)).toMatchObject({
      net_loss: '4.00',
      amount: '0.40',
    });
  });

  it('refuses a malformed id as an unavailable offer', async () => {
    const player = await ctx.api.player({ marketingConsent: true });
    expect((await claim(player.token, 0)).status).toBe(404);
    expect((await ctx.api.request('POST', '/api/user/cashback/abc/claim', { token: player.token })).status).toBe(404);
  });
});
