import type { Money } from '#core/api/contract.ts';
import { toCents } from '#core/api/money.ts';
import type { Queryable } from '../db/database.ts';
import { ConsoleRefusal } from '../base/domain-errors.ts';
import { credit, debit, recordDebit } from './ledger.ts';

/**
 * Voiding a settled real-money round (an admin, with a reason): its stake goes back to the player
 * and its win is taken back, each as a ledger row against the round's own history item, which then
 * shows as `voided`. A round is found by that history item, whoever ran it: our own games
 * (`game_rounds`) or a provider through the wallet API (`provider_rounds`). The round's state
 * flips from `settled` in one conditional UPDATE under the player's row lock (taken by the
 * caller), so a round is voided at most once.
 */

/** A refusal the console shows as "not possible" (409) with the message `rounds.refused_<code>`. */
export class VoidRefused extends ConsoleRefusal<'not_round' | 'not_settled' | 'already_voided' | 'balance'> {
  constructor(code: VoidRefused['code'], params?: Record<string, string>) {
    super('conflict', `rounds.refused_${code}`, code, params);
  }
}

export interface VoidedRound {
  historyId: number;
  roundId: string;
  stake: Money;
  win: Money;
  balanceBefore: Money;
  balance: Money;
}

/** The round tables, each with its round id column and the column that names its history item. */
const ROUND_TABLES = [
  { table: 'game_rounds', id: 'id', history: 'transaction_id', extra: "AND mode = 'real'" },
  { table: 'provider_rounds', id: 'round_id', history: 'history_id', extra: '' },
] as const;

/** Flips the player's settled round of this history item to voided; refuses saying why otherwise. */
async function takeRound(tx: Queryable, input: VoidInput) {
  for (const { table, id, history, extra } of ROUND_TABLES) {
    const [voided] = await tx.query<{ round_id: string; stake: Money; win: Money }>(
      `UPDATE ${table} SET state = 'voided', voided_at = $3, voided_by = $4, void_reason = $5
       WHERE ${history} = $1 AND user_id = $2 ${extra} AND state = 'settled'
       RETURNING ${id} AS round_id, stake::text, win::text`,
      [input.historyId, input.userId, input.now.toISOString(), input.staffId, input.reason],
    );
    if (voided) return voided;
    const [current] = await tx.query<{ state: string }>(
      `SELECT state FROM ${table} WHERE ${history} = $1 AND user_id = $2 ${extra}`,
      [input.historyId, input.userId],
    );
    if (current) throw new VoidRefused(current.state === 'voided' ? 'already_voided' : 'not_settled');
  }
  throw new VoidRefused('not_round');
}

export interface VoidInput {
  /** The round's history item. */
  historyId: number;
  userId: number;
  staffId: number;
  reason: string;
  now: Date;
}

/**
 * Voids the round: stake credited, win debited (refused, nothing changed, when the balance with
 * the stake back does not cover the win: a balance never goes below zero), history item voided.
 */
export async function voidRound(tx: Queryable, input: VoidInput): Promise<VoidedRound> {
  const { historyId, userId, now } = input;
  const round = await takeRound(tx, input);
  const [current] = await tx.query<{ balance: Money }>('SELECT balance::text FROM users WHERE id = $1', [userId]);
  let balance = current!.balance;
  if (toCents(round.stake)! > 0n) balance = await credit(tx, userId, 'cash', round.stake, historyId, now);
  if (toCents(round.win)! > 0n) {
    const left = await debit(tx, userId, 'cash', round.win);
    // Thrown inside the caller's transaction: the credit and the round's flip roll back with it.
    if (left === undefined) throw new VoidRefused('balance', { balance: current!.balance, win: round.win });
    await recordDebit(tx, userId, 'cash', round.win, historyId, now);
    balance = left;
  }
  await tx.query(`UPDATE transactions SET status = 'voided' WHERE id = $1`, [historyId]);
  return {
    historyId,
    roundId: round.round_id,
    stake: round.stake,
    win: round.win,
    balanceBefore: current!.balance,
    balance,
  };
}
