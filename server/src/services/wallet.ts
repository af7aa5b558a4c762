import { createHash } from 'node:crypto';
import { fromCents, toCents } from '#core/api/money.ts';
import type { Queryable } from '../db/database.ts';
import type { RiskConfig } from '../config/risk-config.ts';
import { addTransaction } from './history.ts';
import { credit, debit, recordDebit } from './ledger.ts';
import { alertLimitUse } from './rg/limit-alerts.ts';
import { recordRiskEvent } from './risk/risk-events.ts';
import { releaseBonus } from './bonus.ts';
import { countWalletOperation } from '../ops/metrics.ts';
import { accrueRaceStake } from './promotions/races/running-races.ts';

/**
 * The operator's wallet, as a game provider calls it (bet, win, rollback — the shape of Hub88's
 * operator API). Each call carries a transaction id and is processed at most once: a repeat
 * answers the stored result, the same id with other content is refused (WalletConflict).
 * Every function runs in the caller's database transaction.
 */

export type WalletStatus = 'ok' | 'insufficient_funds' | 'refused';
export interface WalletResult {
  status: WalletStatus;
  /** The player's cash balance after the call. */
  balance: string;
  /** The round's history item. */
  historyId: number | null;
}

export class WalletConflict extends Error {
  readonly transactionId: string;
  constructor(transactionId: string) {
    super(`Wallet transaction ${transactionId} was already used for another request`);
    this.transactionId = transactionId;
  }
}

/** What every wallet call carries: its own transaction id (the key of its at-most-once), the player and the round. */
interface WalletCall {
  transactionId: string;
  userId: number;
  roundId: string;
  /** From `services.clock`. */
  now: Date;
}
export interface BetRequest extends WalletCall {
  amount: string;
  currency: string;
  /** The game's display name, for the history item. */
  game: string;
}
/** A call that follows a round's bet (its rollback, win or raise), naming that bet's transaction. */
export interface RollbackRequest extends WalletCall {
  betTransactionId: string;
}
export interface WinRequest extends RollbackRequest {
  /** 0.00 settles a lost round. */
  amount: string;
}
export interface RaiseRequest extends RollbackRequest {
  /** The extra stake. */
  amount: string;
}

/** Which game a settled stake was on, and the node whose running-races cache answers for it (promotions/races). */
export interface RaceCount {
  node: object;
  gameId: string;
}

/** 1 loyalty point per 1.00 of real money staked; fractions carry over to the next bet. */
export const LOYALTY_POINTS_PER_UNIT = 1;

type Kind = 'bet' | 'win' | 'rollback' | 'raise';

const hashOf = (kind: Kind, fields: unknown[]) =>
  createHash('sha256')
    .update(JSON.stringify([kind, ...fields]))
    .digest('hex');

/**
 * Claims the transaction id: the INSERT either creates the row (first delivery; `work` then
 * decides the result) or finds it (a repeat; on PostgreSQL a concurrent repeat waits for the
 * first to commit). Answers the stored result for a repeat.
 */
async function once(
  tx: Queryable,
  kind: Kind,
  request: { transactionId: string; userId: number; roundId: string; now: Date },
  amount: string,
  reference: string | null,
  work: () => Promise<WalletResult>,
): Promise<WalletResult> {
  const hash = hashOf(kind, [request.userId, request.roundId, amount, reference]);
  const claimed = await tx.query(
    `INSERT INTO wallet_transactions (id, kind, user_id, round_id, amount, reference_id, request_hash, status, balance,
      created_at)
     VALUES ($1, $2, $3, $4, $5::numeric, $6, $7, 'refused', 0, $8) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [request.transactionId, kind, request.userId, request.roundId, amount, reference, hash, request.now.toISOString()],
  );
  if (!claimed.length) {
    const [stored] = await tx.query<{
      request_hash: string;
      status: WalletStatus;
      balance: string;
      history_id: number | null;
    }>('SELECT request_hash, status, balance::text, history_id FROM wallet_transactions WHERE id = $1', [
      request.transactionId,
    ]);
    if (!stored || stored.request_hash !== hash) {
      countWalletOperation(kind, 'conflict');
      throw new WalletConflict(request.transactionId);
    }
    countWalletOperation(kind, 'replayed');
    return { status: stored.status, balance: stored.balance, historyId: stored.history_id };
  }
  const result = await work();
  countWalletOperation(kind, result.status);
  await tx.query('UPDATE wallet_transactions SET status = $2, balance = $3::numeric, history_id = $4 WHERE id = $1', [
    request.transactionId,
    result.status,
    result.balance,
    result.historyId,
  ]);
  return result;
}

async function cashBalance(tx: Queryable, userId: number): Promise<string> {
  const [row] = await tx.query<{ balance: string }>('SELECT balance::text FROM users WHERE id = $1', [userId]);
  return row!.balance;
}

/**
 * The accepted bet of a round, unless it was already rolled back or settled. The bet's row is
 * locked first, so a win and a rollback racing for one bet queue; the check then runs as a new
 * statement and sees whichever committed first.
 */
async function openBet(tx: Queryable, request: WinRequest | RollbackRequest | RaiseRequest) {
  await tx.query('SELECT id FROM wallet_transactions WHERE id = $1 FOR UPDATE', [request.betTransactionId]);
  // The round's whole stake: the bet and its raises (a double or a split).
  const [bet] = await tx.query<{ amount: string; history_id: number }>(
    `SELECT (amount + COALESCE((SELECT sum(r.amount) FROM wallet_transactions r WHERE r.reference_id = b.id AND r.kind
      = 'raise' AND r.status = 'ok'), 0))::numeric(14,2)::text AS amount,
            history_id FROM wallet_transactions b
     WHERE id = $1 AND kind = 'bet' AND status = 'ok' AND user_id = $2 AND round_id = $3
       AND NOT EXISTS (SELECT 1 FROM wallet_transactions s WHERE s.reference_id = b.id AND s.kind IN ('win',
       'rollback') AND s.status = 'ok')`,
    [request.betTransactionId, request.userId, request.roundId],
  );
  return bet;
}

/**
 * A settled stake earns loyalty points (fractions carried) and counts toward an active bonus's
 * wagering, in one UPDATE, then is a risk event (play since the last deposit, a balance left at
 * zero); answers the cash balance and whether the bonus is now released. With `roundId` (one of our
 * game rounds), a running offer counts the stake by its game's contribution (whole cents, rounded
 * down; 0 for a game the offer does not list), read in the same UPDATE; otherwise all of it counts.
 * With `races`, the stake also counts for each race running on its game (one upsert, only then).
 */
export async function countStake(
  tx: Queryable,
  round: { userId: number; stake: string; win: string; now: Date; roundId?: string },
  settings: { multiplier: number; risk: RiskConfig; races?: RaceCount },
) {
  const { userId, stake, win, now } = round;
  const roundId = round.roundId ?? null;
  const { multiplier } = settings;
  const [row] = await tx.query<{ balance: string; time_zone: string | null; met: boolean; bonus: string }>(
    `WITH counted AS (
       SELECT CASE WHEN $5::text IS NULL THEN $2::numeric ELSE trunc($2::numeric * COALESCE(
         (SELECT COALESCE((o.games ->> (SELECT r.game_id FROM game_rounds r WHERE r.id = $5::text))::int, 0)
            FROM offer_takes t JOIN offers o ON o.id = t.offer_id WHERE t.user_id = $1 AND t.status = 'wagering'),
         100) / 100, 2) END AS wagered)
     UPDATE users SET loyalty_points = loyalty_points + floor(loyalty_carry + $2::numeric * $3)::int,
                      loyalty_carry = (loyalty_carry + $2::numeric * $3) - floor(loyalty_carry + $2::numeric * $3),
                      bonus_wagered = CASE WHEN bonus_balance > 0 THEN bonus_wagered + (SELECT wagered FROM counted)
                      ELSE bonus_wagered END
     WHERE id = $1
     RETURNING balance::text, time_zone,
       bonus_balance > 0 AND bonus_wagered >= bonus_balance * COALESCE(bonus_multiplier, $4::int) AS met,
       bonus_balance::text AS bonus`,
    [userId, stake, LOYALTY_POINTS_PER_UNIT, multiplier, roundId],
  );
  if (settings.races)
    await accrueRaceStake(tx, settings.races.node, { userId, gameId: settings.races.gameId, stake, now });
  await recordRiskEvent(tx, {
    kind: 'round',
    rules: settings.risk,
    userId,
    stake,
    win,
    balance: row!.balance,
    timeZone: row!.time_zone,
    now,
  });
  return row!;
}

/**
 * Debits the stake with one conditional UPDATE (never overdraws) and writes its ledger row and
 * the round's history item (pending until the win settles it).
 */
export function walletBet(tx: Queryable, request: BetRequest): Promise<WalletResult> {
  return once(tx, 'bet', request, request.amount, null, async () => {
    const balance = await debit(tx, request.userId, 'cash', request.amount);
    if (balance === undefined)
      return { status: 'insufficient_funds', balance: await cashBalance(tx, request.userId), historyId: null };
    const item = await addTransaction(tx, {
      userId: request.userId,
      type: 'game',
      amount: `-${request.amount}`,
      status: 'pending',
      template: 'games.history_round',
      params: {
        game: request.game,
        stake: request.amount,
        win: '0.00',
        round: request.roundId,
        currency: request.currency,
      },
      createdAt: request.now,
    });
    await recordDebit(tx, request.userId, 'cash', request.amount, item.id, request.now);
    return { status: 'ok', balance, historyId: item.id };
  });
}

/**
 * Settles a round: credits the win (if any), completes the history item with stake and win, and
 * only now counts the stake toward loyalty points and bonus wagering — a rolled-back bet never does.
 */
export function walletWin(
  tx: Queryable,
  request: WinRequest,
  settings: {
    wageringMultiplier: number;
    currency: string;
    limitAlertPercents?: readonly number[];
    risk: RiskConfig;
    races?: RaceCount;
  },
): Promise<WalletResult> {
  return once(tx, 'win', request, request.amount, request.betTransactionId, async () => {
    const bet = await openBet(tx, request);
    if (!bet) return { status: 'refused', balance: await cashBalance(tx, request.userId), historyId: null };
    if (toCents(request.amount) !== 0n)
      await credit(tx, request.userId, 'cash', request.amount, bet.history_id, request.now);
    await tx.query(
      `UPDATE transactions
        SET amount = amount + $2::numeric, status = 'completed',
        params = jsonb_set(params, '{win}', to_jsonb($2::text))
        WHERE id = $1`,
      [bet.history_id, request.amount],
    );
    const counted = await countStake(
      tx,
      { userId: request.userId, stake: bet.amount, win: request.amount, now: request.now, roundId: request.roundId },
      { multiplier: settings.wageringMultiplier, risk: settings.risk, races: settings.races },
    );
    if (counted.met) await releaseBonus(tx, request.userId, counted.bonus, settings.currency, request.now);
    const percents = settings.limitAlertPercents ?? [];
    await alertLimitUse(tx, {
      userId: request.userId,
      kind: 'loss',
      percents,
      currency: settings.currency,
      now: request.now,
    });
    return {
      status: 'ok',
      balance: counted.met ? await cashBalance(tx, request.userId) : counted.balance,
      historyId: bet.history_id,
    };
  });
}

/**
 * Adds stake to an open round (a double or a split in blackjack): debits it like a bet, adds it to
 * the round's history item, and from then on the round's win and rollback count it with the bet.
 */
export function walletRaise(tx: Queryable, request: RaiseRequest): Promise<WalletResult> {
  return once(tx, 'raise', request, request.amount, request.betTransactionId, async () => {
    const bet = await openBet(tx, request);
    if (!bet) return { status: 'refused', balance: await cashBalance(tx, request.userId), historyId: null };
    const balance = await debit(tx, request.userId, 'cash', request.amount);
    if (balance === undefined)
      return { status: 'insufficient_funds', balance: await cashBalance(tx, request.userId), historyId: null };
    await tx.query(
      `UPDATE transactions
        SET amount = amount - $2::numeric, params = jsonb_set(params, '{stake}', to_jsonb($3::text))
        WHERE id = $1`,
      [bet.history_id, request.amount, fromCents(toCents(bet.amount)! + toCents(request.amount)!)],
    );
    await recordDebit(tx, request.userId, 'cash', request.amount, bet.history_id, request.now);
    return { status: 'ok', balance, historyId: bet.history_id };
  });
}

/** Refunds an unsettled bet, exactly once, and marks its history item cancelled. */
export function walletRollback(tx: Queryable, request: RollbackRequest): Promise<WalletResult> {
  return once(tx, 'rollback', request, '0.00', request.betTransactionId, async () => {
    const bet = await openBet(tx, request);
    if (!bet) return { status: 'refused', balance: await cashBalance(tx, request.userId), historyId: null };
    const balance = await credit(tx, request.userId, 'cash', bet.amount, bet.history_id, request.now);
    await tx.query(`UPDATE transactions SET status = 'cancelled' WHERE id = $1`, [bet.history_id]);
    return { status: 'ok', balance, historyId: bet.history_id };
  });
}
