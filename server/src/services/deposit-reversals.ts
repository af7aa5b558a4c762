import type { Money } from '#core/api/contract.ts';
import { toCents } from '#core/api/money.ts';
import type { Queryable } from '../db/database.ts';
import { ConsoleRefusal } from '../base/domain-errors.ts';
import { addTransaction } from './history.ts';
import { debit, recordDebit } from './ledger.ts';
import { raiseAlert } from './risk/risk-alert-raise.ts';

/**
 * Taking a completed deposit back: a chargeback (the player's bank reversed the payment) or a
 * refund to its method (staff send it back). Each works in the caller's transaction on the
 * player's locked row, so the console writes its audit row in the same one. The deposit's status
 * flips from `completed` in one conditional UPDATE and `payment_reversals` has the deposit as its
 * primary key: a deposit is reversed at most once, however many requests arrive at once.
 *
 * The ledger models no debt (a balance is never below zero), so a chargeback takes what the
 * balance holds and records the rest as owed (`amount` − `recovered`), for the risk desk's alert.
 */

export type ReversalKind = 'chargeback' | 'refund';

/** A refusal the console shows as "not possible" (409) with the message `payments.refused_<code>`. */
export class ReversalRefused extends ConsoleRefusal<'not_deposit' | 'already_reversed' | 'not_completed' | 'balance'> {
  constructor(code: ReversalRefused['code'], params?: Record<string, string>) {
    super('conflict', `payments.refused_${code}`, code, params);
  }
}

/** The deposit a reversal took back, and what it did. */
export interface Reversal {
  paymentId: string;
  amount: Money;
  /** What left the balance through the ledger. */
  recovered: Money;
  /** What the balance could not cover (a chargeback only); "0.00" when nothing is owed. */
  owed: Money;
  method: string;
  providerReference: string | null;
  balanceBefore: Money;
  balance: Money;
}

/** Whose deposit this is; undefined when there is no such payment. */
export async function depositOwner(db: Queryable, paymentId: string): Promise<number | undefined> {
  const [row] = await db.query<{ user_id: number }>('SELECT user_id FROM payments WHERE id = $1', [paymentId]);
  return row?.user_id;
}

/**
 * Flips the player's completed deposit to `status`, or refuses saying why (already reversed, or
 * never completed). The player's row is locked by the caller, so two reversals of one deposit queue.
 */
async function takeDeposit(tx: Queryable, paymentId: string, userId: number, status: 'charged_back' | 'refunded') {
  const [payment] = await tx.query<{ amount: Money; method: string; provider_reference: string | null }>(
    `UPDATE payments SET status = $3 WHERE id = $1 AND user_id = $2 AND status = 'completed'
     RETURNING amount::text, method, provider_reference`,
    [paymentId, userId, status],
  );
  if (payment) return payment;
  const [current] = await tx.query<{ status: string }>('SELECT status FROM payments WHERE id = $1 AND user_id = $2', [
    paymentId,
    userId,
  ]);
  if (!current) throw new ReversalRefused('not_deposit');
  throw new ReversalRefused(
    current.status === 'charged_back' || current.status === 'refunded' ? 'already_reversed' : 'not_completed',
  );
}

/** The debit's history item (a negative deposit line, so deposits still add up) and its ledger row. */
async function recordReversalDebit(
  tx: Queryable,
  input: { userId: number; amount: Money; method: string; template: string; now: Date },
) {
  const item = await addTransaction(tx, {
    userId: input.userId,
    type: 'deposit',
    amount: `-${input.amount}`,
    status: 'completed',
    method: input.method,
    template: input.template,
    params: { method: input.method },
    createdAt: input.now,
  });
  await recordDebit(tx, input.userId, 'cash', input.amount, item.id, input.now);
  return item.id;
}

const saveReversal = (
  tx: Queryable,
  kind: ReversalKind,
  input: { paymentId: string; amount: Money; recovered: Money; transactionId: number | null },
  who: { staffId: number; reason: string; now: Date },
) =>
  tx.query(
    `INSERT INTO payment_reversals (payment_id, kind, amount, recovered, transaction_id, reason, staff_id, created_at)
     VALUES ($1, $2, $3::numeric, $4::numeric, $5, $6, $7, $8)`,
    [
      input.paymentId,
      kind,
      input.amount,
      input.recovered,
      input.transactionId,
      who.reason,
      who.staffId,
      who.now.toISOString(),
    ],
  );

export interface ReversalInput {
  paymentId: string;
  userId: number;
  staffId: number;
  reason: string;
  now: Date;
}

/**
 * Records a chargeback of the player's completed deposit: the deposit becomes `charged_back`,
 * what the balance holds of its amount is debited through the ledger, the player's withdrawals
 * are held (see `withdrawalsHeld`), and a `payment.chargeback` alert is raised for the risk desk.
 */
export async function chargeBack(tx: Queryable, input: ReversalInput): Promise<Reversal> {
  const { paymentId, userId, now } = input;
  const payment = await takeDeposit(tx, paymentId, userId, 'charged_back');
  const [taken] = await tx.query<{ before: Money; balance: Money; recovered: Money; owed: Money }>(
    `WITH cur AS (SELECT balance, least(balance, $2::numeric) AS take FROM users WHERE id = $1)
     UPDATE users u SET balance = u.balance - cur.take,
       withdrawals_held_at = COALESCE(u.withdrawals_held_at, $3), withdrawals_held_reason = COALESCE(
         u.withdrawals_held_reason, $4)
     FROM cur WHERE u.id = $1
     RETURNING cur.balance::text AS before, u.balance::text AS balance, cur.take::text AS recovered,
       ($2::numeric - cur.take)::numeric(14,2)::text AS owed`,
    [userId, payment.amount, now.toISOString(), `chargeback of deposit ${paymentId}`],
  );
  const { before, balance, recovered, owed } = taken!;
  const transactionId =
    toCents(recovered)! > 0n
      ? await recordReversalDebit(tx, {
          userId,
          amount: recovered,
          method: payment.method,
          template: 'deposit_charged_back',
          now,
        })
      : null;
  await saveReversal(tx, 'chargeback', { paymentId, amount: payment.amount, recovered, transactionId }, input);
  await raiseAlert(tx, {
    userId,
    ruleId: 'payment.chargeback',
    evidence: {
      payment_id: paymentId,
      provider_reference: payment.provider_reference,
      amount: payment.amount,
      recovered,
      owed,
      reason: input.reason,
    },
    now,
  });
  return {
    paymentId,
    amount: payment.amount,
    recovered,
    owed,
    method: payment.method,
    providerReference: payment.provider_reference,
    balanceBefore: before,
    balance,
  };
}

/**
 * Refunds the player's completed deposit to its method: the deposit becomes `refunded` and its
 * whole amount is debited through the ledger; refused (nothing changed) above the balance.
 */
export async function refundDeposit(tx: Queryable, input: ReversalInput): Promise<Reversal> {
  const { paymentId, userId, now } = input;
  const payment = await takeDeposit(tx, paymentId, userId, 'refunded');
  const [current] = await tx.query<{ balance: Money }>('SELECT balance::text FROM users WHERE id = $1', [userId]);
  const balance = await debit(tx, userId, 'cash', payment.amount);
  // Thrown inside the caller's transaction: the deposit's flip above is rolled back with it.
  if (balance === undefined) throw new ReversalRefused('balance', { balance: current!.balance });
  const transactionId = await recordReversalDebit(tx, {
    userId,
    amount: payment.amount,
    method: payment.method,
    template: 'deposit_refunded',
    now,
  });
  await saveReversal(
    tx,
    'refund',
    { paymentId, amount: payment.amount, recovered: payment.amount, transactionId },
    input,
  );
  return {
    paymentId,
    amount: payment.amount,
    recovered: payment.amount,
    owed: '0.00',
    method: payment.method,
    providerReference: payment.provider_reference,
    balanceBefore: current!.balance,
    balance,
  };
}

/** Whether the player's withdrawals are held (after a chargeback, until an admin releases them). */
export async function withdrawalsHeld(tx: Queryable, userId: number): Promise<boolean> {
  const [row] = await tx.query<{ held: boolean }>(
    'SELECT withdrawals_held_at IS NOT NULL AS held FROM users WHERE id = $1',
    [userId],
  );
  return row?.held ?? false;
}

/** Lifts the hold on the player's withdrawals; answers whether there was one. */
export async function releaseWithdrawalHold(tx: Queryable, userId: number): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE users SET withdrawals_held_at = NULL, withdrawals_held_reason = NULL
     WHERE id = $1 AND withdrawals_held_at IS NOT NULL RETURNING id`,
    [userId],
  );
  return rows.length > 0;
}
