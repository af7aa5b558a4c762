import { describe, expect, it } from 'vitest';
import { walletBet, walletRollback, walletWin, WalletConflict } from '../../server/src/services/wallet.ts';
import { grantBonus as grantBonusInService } from '../../server/src/services/bonus.ts';
import { balanceOf, useTestApi } from './harness.ts';

const ctx = useTestApi({ BONUS_WAGERING_MULTIPLIER: '10' });
const settings = {
  wageringMultiplier: 10,
  currency: 'EUR',
  get risk() {
    return ctx.api.config.risk;
  },
};

let rounds = 0;
const round = () => `round-${Date.now()}-${++rounds}`;

async function ledgerCount(userId: number): Promise<number> {
  const [row] = await ctx.api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger WHERE user_id = $1', [
    userId,
  ]);
  return row!.n;
}

const bet = (userId: number, roundId: string, amount = '10.00', transactionId = `bet:${roundId}`) =>
  ctx.api.db.transaction((tx) =>
    walletBet(tx, {
      transactionId,
      userId,
      roundId,
      amount,
      currency: 'EUR',
      game: 'Amber Fortune',
      now: ctx.api.services.clock(),
    }),
  );
const win = (userId: number, roundId: string, amount: string, transactionId = `win:${roundId}`) =>
  ctx.api.db.transaction((tx) =>
    walletWin(
      tx,
      { transactionId, userId, roundId, amount, betTransactionId: `bet:${roundId}`, now: ctx.api.services.clock() },
      settings,
    ),
  );
const rollback = (userId: number, roundId: string, transactionId = `rollback:${roundId}`) =>
  ctx.api.db.transaction((tx) =>
    walletRollback(tx, {
      transactionId,
      userId,
      roundId,
      betTransactionId: `bet:${roundId}`,
      now: ctx.api.services.clock(),
    }),
  );

/** Grants a bonus as an operator's grant does (wagering 10 ×), checked: granted. */
async function grantBonus(userId: number, amount: string) {
  const now = ctx.api.services.clock();
  expect(await ctx.api.db.transaction((tx) => grantBonusInService(tx, userId, amount, 10, 'EUR', now))).toBe('granted');
}

describe('wallet: bet, win and rollback, each at most once', () => {
  it('debits a bet once: a repeated id answers the first result and writes nothing', async () => {
    const player = await ctx.api.player({ balance: '50.00' });
    const id = round();
    const first = await bet(player.id, id);
    expect(first).toMatchObject({ status: 'ok', balance: '40.00' });
    const rows = await ledgerCount(player.id);
    expect(await bet(player.id, id)).toEqual(first);
    expect(await ledgerCount(player.id)).toBe(rows);
    expect(await balanceOf(ctx.api, player.id)).toBe('40.00');
  });

  it('refuses the same transaction id with different content', async () => {
    const player = await ctx.api.player({ balance: '50.00' });
    const id = round();
    await bet(player.id, id, '10.00');
    await expect(bet(player.id, id, '20.00')).rejects.toBeInstanceOf(WalletConflict);
    expect(await balanceOf(ctx.api, player.id)).toBe('40.00');
  });

  it('refuses a bet the balance does not cover, and remembers the refusal', async () => {
    const player = await ctx.api.player({ balance: '5.00' });
    const id = round();
    expect(await bet(player.id, id)).toMatchObject({ status: 'insufficient_funds', balance: '5.00' });
    expect(await bet(player.id, id)).toMatchObject({ status: 'insufficient_funds' });
    expect(await balanceOf(ctx.api, player.id)).toBe('5.00');
  });

  it("credits a win once, completing the round's one history item with stake and win", async () => {
    const player = await ctx.api.player({ balance: '50.00' });
    const id = round();
    await bet(player.id, id);
    const first = await win(player.id, id, '25.50');
    expect(first).toMatchObject({ status: 'ok', balance: '65.50' });
    expect(await win(player.id, id, '25.50')).toEqual(first);
    await expect(win(player.id, id, '99.00')).rejects.toBeInstanceOf(WalletConflict);
    // A second win under a new id for the same bet is refused: the round is settled.
    expect(await win(player.id, id, '25.50', `win2:${id}`)).toMatchObject({ status: 'refused', balance: '65.50' });
    expect(await balanceOf(ctx.api, player.id)).toBe('65.50');
    const items = await ctx.api.db.query<{ amount: string; status: string; params: Record<string, string> }>(
      `SELECT amount::text, status, params FROM transactions WHERE user_id = $1 AND type = 'game'`,
      [player.id],
    );
    expect(items).toEqual([
      {
        amount: '15.50',
        status: 'completed',
        params: { game: 'Amber Fortune', stake: '10.00', win: '25.50', round: id, currency: 'EUR' },
      },
    ]);
  });

  it('records a round whose win equals its stake as one history item of 0.00', async () => {
    const player = await ctx.api.player({ balance: '10.00' });
    const id = round();
    await bet(player.id, id, '2.00');
    expect(await win(player.id, id, '2.00')).toMatchObject({ status: 'ok', balance: '10.00' });
    const history = await ctx.api.request('GET', '/api/user/history?type=game', {
      token: player.token,
      headers: { 'accept-language': 'de' },
    });
    expect(history.body.results).toHaveLength(1);
    expect(history.body.results[0]).toMatchObject({ amount: '0.00', status: 'completed' });
    expect(history.body.results[0].description.replace(/\u00a0/g, ' ')).toBe(
      `Amber Fortune: Einsatz 2,00 €, ausgezahlt 2,00 € (Runde ${id})`,
    );
  });

  it('never calls a payout below the stake a win in the history (UKGC RTS 7)', async () => {
    const player = await ctx.api.player({ balance: '10.00' });
    const id = round();
    await bet(player.id, id, '1.00');
    expect(await win(player.id, id, '0.50')).toMatchObject({ status: 'ok', balance: '9.50' });
    const history = await ctx.api.request('GET', '/api/user/history?type=game', { token: player.token });
    expect(history.body.results).toHaveLength(1);
    expect(history.body.results[0]).toMatchObject({ amount: '-0.50', status: 'completed' });
    expect(history.body.results[0].description).toBe(`Amber Fortune: stake €1.00, paid out €0.50 (round ${id})`);
  });

  it('rolls a bet back exactly once, and never after it was settled', async () => {
    const player = await ctx.api.player({ balance: '50.00' });
    const id = round();
    await bet(player.id, id);
    const first = await rollback(player.id, id);
    expect(first).toMatchObject({ status: 'ok', balance: '50.00' });
    const rows = await ledgerCount(player.id);
    expect(await rollback(player.id, id)).toEqual(first);
    // Another rollback id for the same bet: refused, no second refund.
    expect(await rollback(player.id, id, `rollback-again:${id}`)).toMatchObject({
      status: 'refused',
      balance: '50.00',
    });
    expect(await ledgerCount(player.id)).toBe(rows);
    // A rolled-back bet cannot be won.
    expect(await win(player.id, id, '10.00')).toMatchObject({ status: 'refused', balance: '50.00' });

    const settled = round();
    await bet(player.id, settled);
    await win(player.id, settled, '0.00');
    expect(await rollback(player.id, settled)).toMatchObject({ status: 'refused', balance: '40.00' });
    const [item] = await ctx.api.db.query<{ status: string }>(
      `SELECT status FROM transactions WHERE params->>'round' = $1`,
      [id],
    );
    expect(item!.status).toBe('cancelled');
  });

  it('lets only one of a racing win and rollback settle a bet', async () => {
    for (let i = 0; i < 5; i++) {
      const player = await ctx.api.player({ balance: '10.00' });
      const id = round();
      await bet(player.id, id, '4.00');
      const [won, refunded] = await Promise.all([win(player.id, id, '8.00'), rollback(player.id, id)]);
      expect([won.status, refunded.status].sort()).toEqual(['ok', 'refused']);
      expect(await balanceOf(ctx.api, player.id)).toBe(won.status === 'ok' ? '14.00' : '10.00');
    }
  });

  it('takes exactly 10 of 50 parallel 10.00 bets from 100.00, leaving 0.00', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    const results = await Promise.all(Array.from({ length: 50 }, () => bet(player.id, round())));
    expect(results.filter((result) => result.status === 'ok')).toHaveLength(10);
    expect(results.filter((result) => result.status === 'insufficient_funds')).toHaveLength(40);
    expect(await balanceOf(ctx.api, player.id)).toBe('0.00');
  });

  it('processes the same bet id sent 20 times in parallel once', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    const id = round();
    const results = await Promise.all(Array.from({ length: 20 }, () => bet(player.id, id)));
    expect(new Set(results.map((result) => JSON.stringify(result))).size).toBe(1);
    expect(await balanceOf(ctx.api, player.id)).toBe('90.00');
  });

  it('earns 1 loyalty point per 1.00 staked on settled rounds, carrying fractions', async () => {
    const player = await ctx.api.player({ balance: '50.00' });
    const points = async () =>
      (await ctx.api.request('GET', '/api/user/me', { token: player.token })).body.loyalty.points as number;
    const start = await points();
    for (const amount of ['0.60', '0.60', '2.50']) {
      const id = round();
      await bet(player.id, id, amount);
      await win(player.id, id, '0.00');
    }
    expect(await points()).toBe(start + 3); // 3.70 staked → 3 points, 0.70 carried
    const rolledBack = round();
    await bet(player.id, rolledBack, '5.00');
    await rollback(player.id, rolledBack);
    expect(await points()).toBe(start + 3);
  });
});

describe('bonus: wagering releases it, cancel forfeits it, both through the ledger', () => {
  it('counts settled real-money stakes and moves the bonus to cash once 10 × the bonus is wagered', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    await grantBonus(player.id, '5.00');
    const status = async () => (await ctx.api.request('GET', '/api/user/bonus', { token: player.token })).body;
    expect(await status()).toEqual({
      active: true,
      bonus_balance: '5.00',
      wagering_multiplier: 10,
      wagering_required: '50.00',
      wagered: '0.00',
      remaining: '50.00',
      currency: 'EUR',
    });
    for (let i = 0; i < 4; i++) {
      const id = round();
      await bet(player.id, id, '10.00');
      await win(player.id, id, '0.00');
    }
    expect(await status()).toMatchObject({ active: true, wagered: '40.00', remaining: '10.00' });
    const rolledBack = round();
    await bet(player.id, rolledBack, '10.00');
    await rollback(player.id, rolledBack);
    expect(await status()).toMatchObject({ wagered: '40.00' });
    const last = round();
    await bet(player.id, last, '10.00');
    await win(player.id, last, '3.00');
    expect(await status()).toMatchObject({ active: false, bonus_balance: '0.00', wagered: '0.00', remaining: '0.00' });
    // 100 − 50 staked + 3 won + 5 released.
    const me = (await ctx.api.request('GET', '/api/user/me', { token: player.token })).body;
    expect(me).toMatchObject({ balance: '58.00', bonus_balance: '0.00' });
    const history = (await ctx.api.request('GET', '/api/user/history?type=bonus', { token: player.token })).body
      .results;
    expect(history[0]).toMatchObject({ amount: '5.00', description: 'Bonus moved to your balance after wagering' });
  });

  it('cancels an active bonus: 200 with the user, forfeited through the ledger; nothing to cancel is 409', async () => {
    const player = await ctx.api.player({ balance: '10.00' });
    await grantBonus(player.id, '20.00');
    const res = await ctx.api.request('POST', '/api/user/bonus/cancel', {
      token: player.token,
      headers: { 'accept-language': 'de' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: player.id, balance: '10.00', bonus_balance: '0.00' });
    const [ledger] = await ctx.api.db.query<{ amount: string }>(
      `SELECT amount::text FROM ledger WHERE user_id = $1 AND account = 'bonus' ORDER BY id DESC LIMIT 1`,
      [player.id],
    );
    expect(ledger!.amount).toBe('-20.00');
    const history = (
      await ctx.api.request('GET', '/api/user/history?type=bonus', {
        token: player.token,
        headers: { 'accept-language': 'de' },
      })
    ).body.results;
    expect(history[0]).toMatchObject({ amount: '-20.00', description: 'Bonus storniert und verfallen' });
    const again = await ctx.api.request('POST', '/api/user/bonus/cancel', {
      token: player.token,
      headers: { 'accept-language': 'de' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'Sie haben keinen aktiven Bonus.' });
    expect((await ctx.api.request('POST', '/api/user/bonus/cancel')).status).toBe(401);
  });
});
