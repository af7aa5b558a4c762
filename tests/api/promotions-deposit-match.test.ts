import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { InvalidInput } from '../../server/src/base/domain-errors.ts';
import { createDepositMatch, type DepositMatchInput } from '../../server/src/services/promotions/offers.ts';
import { ledgerMismatches } from '../../server/src/services/ledger.ts';
import { loadMarketProfile } from '../../server/src/markets/market-profiles.ts';
import type { MarketCode } from '../../server/src/markets/market-profile.ts';
import { submitPaymentForm } from './demo-pay-form.ts';
import { launchSession } from './fixtures/game-launch.ts';
import { balanceOf, useTestApi } from './harness.ts';

/**
 * A deposit match (issue 41) from the offer to completion and to forfeit, through the real API:
 * accepting, the qualifying deposit, stakes counted by each game's contribution, the release to
 * cash, and a withdrawal forfeiting the bonus but not the cash. Balances and ledger exact.
 */
const clock = manualClock(new Date('2026-06-01T12:00:00Z'));
const ctx = useTestApi({ BONUS_WAGERING_MULTIPLIER: '30' }, { clock });

/** 100 % up to 20.00, 2× wagering: dice counts in full, European roulette half, slots not at all. */
const MATCH: DepositMatchInput = {
  name: 'Welcome match',
  matchPercent: 100,
  cap: '20.00',
  wageringMultiple: 2,
  maxStake: '5.00',
  expiryDays: 7,
  games: { dice: 100, 'european-roulette': 50 },
};
const newOffer = (input: Partial<DepositMatchInput> = {}, market: MarketCode = 'MT') =>
  createDepositMatch(ctx.api.db, { ...MATCH, ...input }, loadMarketProfile(market), null, clock());

const offers = (token: string) => ctx.api.request('GET', '/api/user/offers', { token });
const accept = (token: string, id: number) => ctx.api.request('POST', `/api/user/offers/${id}/accept`, { token });
const bonus = async (token: string) => (await ctx.api.request('GET', '/api/user/bonus', { token })).body;
const bonusBalance = async (id: number) =>
  (await ctx.api.db.query<{ b: string }>('SELECT bonus_balance::text AS b FROM users WHERE id = $1', [id]))[0]!.b;
const takeStatus = async (id: number) =>
  (await ctx.api.db.query<{ status: string }>('SELECT status FROM offer_takes WHERE user_id = $1', [id]))[0]?.status;

async function deposit(token: string, amount: string) {
  const res = await ctx.api.request('POST', '/api/user/payments/create-payment', {
    token,
    body: { amount, method: 'card' },
  });
  expect(res.status).toBe(201);
  expect((await submitPaymentForm(ctx.api, new URL(res.body.redirect_url).pathname, 'confirm')).status).toBe(303);
}

/** One real round; answers its stake and win. */
async function play(session: string, bet: unknown) {
  const res = await ctx.api.request('POST', `/demo-games/api/sessions/${session}/rounds`, {
    body: { bet },
    encrypt: false,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { stake: res.body.round.stake as string, win: res.body.round.win as string };
}
const cents = (money: string) => Math.round(Number(money) * 100);

describe('deposit match offers', () => {
  it('cannot be saved in GB with a wagering multiple above 10×; 10× can', async () => {
    const refusal = await newOffer({ wageringMultiple: 35 }, 'GB').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(InvalidInput);
    expect((refusal as InvalidInput).problems).toEqual({
      wagering_multiple: [{ key: 'promotions.wagering_above_market_cap', params: { cap: 10, market: 'GB' } }],
    });
    expect(await newOffer({ wageringMultiple: 10 }, 'GB')).toBeGreaterThan(0);
    expect(await newOffer({ wageringMultiple: 35 })).toBeGreaterThan(0);
  });

  it('reaches no player without marketing consent', async () => {
    const id = await newOffer();
    const player = await ctx.api.player({ balance: '10.00' });
    expect((await offers(player.token)).body).toEqual([]);
    expect((await accept(player.token, id)).status).toBe(404);
    await deposit(player.token, '50.00');
    expect(await bonusBalance(player.id)).toBe('0.00');
  });

  it('reaches no consenting player who is timed out or flagged by the risk desk', async () => {
    await newOffer();
    const [timedOut, flagged] = [
      await ctx.api.player({ marketingConsent: true }),
      await ctx.api.player({ marketingConsent: true }),
    ];
    expect((await offers(flagged.token)).body).not.toEqual([]);
    await ctx.api.db.query('UPDATE users SET time_out_until = $2 WHERE id = $1', [
      timedOut.id,
      new Date(clock().getTime() + 86_400_000).toISOString(),
    ]);
    await ctx.api.db.query(
      `INSERT INTO risk_alerts (user_id, rule_id, severity, evidence, created_at, updated_at)
        VALUES ($1, 'test.rule', 'high', '{}', $2, $2)`,
      [flagged.id, clock().toISOString()],
    );
    expect((await offers(flagged.token)).body).toEqual([]);
    expect((await offers(timedOut.token)).body).toEqual([]);
  });

  it('shows its computed cost, credits the match on deposit, counts by contribution, releases to cash', async () => {
    const id = await newOffer();
    const player = await ctx.api.player({ marketingConsent: true });
    const shown = (await offers(player.token)).body.find((offer: { id: number }) => offer.id === id);
    // 20.00 × 2 = 40.00 to wager; edge (100 × 1.00 % + 50 × 2.70 %) / 150 = 1.5667 %; 40 × 1.5667 % = 0.63.
    expect(shown).toMatchObject({ match_percent: 100, cap: '20.00', max_stake: '5.00', expected_cost: '0.63' });
    expect((await accept(player.token, id)).status).toBe(204);
    expect((await accept(player.token, id)).status).toBe(409);
    expect((await bonus(player.token)).offer).toMatchObject({ id, status: 'waiting', expected_cost: '0.63' });

    await deposit(player.token, '50.00');
    expect(await balanceOf(ctx.api, player.id)).toBe('50.00');
    expect(await bonusBalance(player.id)).toBe('20.00');
    expect(await bonus(player.token)).toMatchObject({
      wagering_multiplier: 2,
      wagering_required: '40.00',
      offer: { status: 'wagering', expected_cost: '0.63' },
    });

    let cash = 5000;
    const settle = ({ stake, win }: { stake: string; win: string }) => (cash += cents(win) - cents(stake));
    settle(
      await play(await launchSession(ctx.api, 'amber-fortune', { token: player.token }), {
        type: 'slot',
        amount: '1.00',
      }),
    );
    expect((await bonus(player.token)).wagered).toBe('0.00');
    const roulette = await launchSession(ctx.api, 'european-roulette', { token: player.token });
    settle(await play(roulette, { type: 'roulette', stakes: [{ kind: 'red', amount: '2.00' }] }));
    expect((await bonus(player.token)).wagered).toBe('1.00');
    const dice = await launchSession(ctx.api, 'dice', { token: player.token });
    const roll = (amount: string) => ({ type: 'dice', amount, target: '50.49', direction: 'over' });
    const tooLarge = await ctx.api.request('POST', `/demo-games/api/sessions/${dice}/rounds`, {
      body: { bet: roll('5.01') },
      encrypt: false,
    });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.detail).toBe("While your offer's bonus is being wagered, each stake may be at most €5.00.");
    for (let round = 0; round < 7; round += 1) settle(await play(dice, roll('5.00')));
    expect(await bonus(player.token)).toMatchObject({ active: true, wagered: '36.00', remaining: '4.00' });
    settle(await play(dice, roll('4.00')));

    expect(await bonusBalance(player.id)).toBe('0.00');
    expect(await balanceOf(ctx.api, player.id)).toBe(((cash + 2000) / 100).toFixed(2));
    expect(await takeStatus(player.id)).toBe('completed');
    expect((await bonus(player.token)).offer).toBeUndefined();
    expect(await ledgerMismatches(ctx.api.db)).toEqual([]);
  });

  it('is taken once when two accepts race: one 204, one 409, one open take', async () => {
    const [first, second] = [await newOffer(), await newOffer()];
    const player = await ctx.api.player({ marketingConsent: true });
    const answers = await Promise.all([accept(player.token, first), accept(player.token, second)]);
    expect(answers.map((res) => res.status).sort()).toEqual([204, 409]);
    const [row] = await ctx.api.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM offer_takes WHERE user_id = $1',
      [player.id],
    );
    expect(row!.n).toBe(1);
  });

  it('is forfeited by a withdrawal: the bonus goes, the cash stays', async () => {
    const id = await newOffer();
    const player = await ctx.api.player({ marketingConsent: true, verified: true });
    expect((await accept(player.token, id)).status).toBe(204);
    await deposit(player.token, '15.00');
    expect(await bonusBalance(player.id)).toBe('15.00');
    const res = await ctx.api.request('POST', '/api/user/withdrawal', {
      token: player.token,
      body: { amount: '10.00', method: 'bank_transfer', destination: 'DE89370400440532013000' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await balanceOf(ctx.api, player.id)).toBe('5.00');
    expect(await bonusBalance(player.id)).toBe('0.00');
    expect(await takeStatus(player.id)).toBe('forfeited');
    const [forfeit] = await ctx.api.db.query<{ amount: string }>(
      `SELECT amount::text FROM ledger WHERE user_id = $1 AND account = 'bonus' ORDER BY id DESC LIMIT 1`,
      [player.id],
    );
    expect(forfeit!.amount).toBe('-15.00');
    expect(await ledgerMismatches(ctx.api.db)).toEqual([]);
  });
});
