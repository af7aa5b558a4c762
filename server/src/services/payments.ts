import { alertLimitUse } from './rg/limit-alerts.ts';
import { toCents } from '#core/api/money.ts';
import type { ServerConfig } from '../config/server-config.ts';
import type { RiskConfig } from '../config/risk-config.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Locale } from '../base/i18n.ts';
import { addTransaction, notify } from './history.ts';
import { credit } from './ledger.ts';
import { recordRiskEvent } from './risk/risk-events.ts';
import { depositFitsAtConfirmation } from './rg/deposit-check.ts';
import { creditDepositMatch } from './promotions/offer-takes.ts';

export type PaymentStatus = 'pending' | 'completed' | 'cancelled' | 'charged_back' | 'refunded';

/** What `create-payment` records: the payment, and its history item, pending from the start. */
export interface NewPayment {
  id: string;
  userId: number;
  amount: string;
  currency: string;
  method: string;
  returnUrl: string;
  lang: string;
  /** Deposit limits count a payment from this moment (the services' clock). */
  createdAt: Date;
  expiresAt: Date;
}

/**
 * Records a pending deposit and its history item in the caller's transaction, so a deposit left on
 * the payment page shows in history at once (as pending, later as completed or cancelled).
 */
export async function openPayment(tx: Queryable, payment: NewPayment): Promise<{ created_at: Date }> {
  const item = await addTransaction(tx, {
    userId: payment.userId,
    type: 'deposit',
    amount: payment.amount,
    status: 'pending',
    method: payment.method,
    template: 'deposit',
    params: { method: payment.method },
    createdAt: payment.createdAt,
  });
  const [row] = await tx.query<{ created_at: Date }>(
    `INSERT INTO payments (id, user_id, amount, currency, method, status, return_url, lang, transaction_id, expires_at,
      created_at)
     VALUES ($1, $2, $3::numeric, $4, $5, 'pending', $6, $7, $8, $9, $10) RETURNING created_at`,
    [
      payment.id,
      payment.userId,
      payment.amount,
      payment.currency,
      payment.method,
      payment.returnUrl,
      payment.lang,
      item.id,
      payment.expiresAt.toISOString(),
      payment.createdAt.toISOString(),
    ],
  );
  return row!;
}

/**
 * Cancels pending payments (one, or all of a player's) whose deadline has passed, with their
 * history items, in one statement. Run lazily before a payment or a history page is read, so every
 * node shows the same state without a background job.
 */
export async function expirePayments(
  db: Queryable,
  where: { id: string } | { userId: number },
  now: Date,
): Promise<void> {
  const [column, value] = 'id' in where ? ['id', where.id] : ['user_id', where.userId];
  await cancelWhere(db, `${column} = $1 AND expires_at <= $2`, value, now);
}

/**
 * Cancels the pending payments matching `condition` ($1 = value, $2 = now) and their history items, in one
 * statement; answers the players whose payments it cancelled.
 */
async function cancelWhere(db: Queryable, condition: string, value: string | number, now: Date) {
  return db.query<{ user_id: number }>(
    `WITH cancelled AS (
       UPDATE payments SET status = 'cancelled', completed_at = $2 WHERE status = 'pending' AND ${condition}
       RETURNING transaction_id, user_id),
     history AS (UPDATE transactions SET status = 'cancelled' WHERE id IN (SELECT transaction_id FROM cancelled))
     SELECT user_id FROM cancelled`,
    [value, now.toISOString()],
  );
}

/**
 * Completes a pending, unexpired deposit exactly once: the status flips from pending in a
 * conditional UPDATE, so a double confirm (or two nodes confirming at once) credits once. In the
 * same transaction: history item, balance and ledger, loyalty points, a notification, and the
 * referrer's reward. `providerReference` is the payment provider's own reference for the payment,
 * kept with it for staff to trace it at the provider (a chargeback names it). Answers the payment's
 * status afterwards, or undefined if it does not exist.
 */
export async function completePayment(
  db: Database,
  id: string,
  config: ServerConfig,
  now: Date,
  providerReference: string,
  /** The payment instrument's keyed hash, when the provider named one (services/payment-instrument.ts). */
  instrumentHash?: string,
): Promise<PaymentStatus | undefined> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.query<{
      user_id: number;
      amount: string;
      currency: string;
      method: string;
      transaction_id: number | null;
    }>(
      `UPDATE payments SET status = 'completed', completed_at = $2, provider_reference = $3, instrument_hash = $4
        WHERE id = $1 AND status = 'pending' AND expires_at > $2
       RETURNING user_id, amount::text, currency, method, transaction_id`,
      [id, now.toISOString(), providerReference, instrumentHash ?? null],
    );
    if (!payment) {
      await expirePayments(tx, { id }, now);
      return currentStatus(tx, id);
    }
    const { user_id: userId, amount, currency, method } = payment;
    // Deposit limits, checked again under the player's row lock: a payment that no longer fits is cancelled.
    if (!(await depositFitsAtConfirmation(tx, userId, id, amount, now))) {
      // Already flipped to completed above, so not through cancelWhere (which takes pending ones).
      await tx.query(
        `WITH cancelled AS (UPDATE payments SET status = 'cancelled', completed_at = $2 WHERE id = $1 RETURNING
          transaction_id)
         UPDATE transactions SET status = 'cancelled' WHERE id IN (SELECT transaction_id FROM cancelled)`,
        [id, now.toISOString()],
      );
      return 'cancelled';
    }
    let transactionId = payment.transaction_id;
    if (transactionId === null) {
      // A payment made before migration 004 has no history item yet.
      transactionId = (
        await addTransaction(tx, {
          userId,
          type: 'deposit',
          amount,
          status: 'completed',
          method,
          template: 'deposit',
          params: { method },
          createdAt: now,
        })
      ).id;
      await tx.query('UPDATE payments SET transaction_id = $2 WHERE id = $1', [id, transactionId]);
    } else {
      await tx.query(`UPDATE transactions SET status = 'completed' WHERE id = $1`, [transactionId]);
    }
    await credit(tx, userId, 'cash', amount, transactionId, now);
    await creditDepositMatch(tx, userId, amount, currency, now);
    await recordRiskEvent(tx, {
      kind: 'deposit',
      rules: config.risk,
      userId,
      paymentId: id,
      amount,
      instrumentHash,
      now,
    });
    const percents = config.rg.limitAlertPercents;
    await alertLimitUse(tx, { userId, kind: 'deposit', percents, currency, now });
    await tx.query('UPDATE users SET loyalty_points = loyalty_points + floor($2::numeric)::int WHERE id = $1', [
      userId,
      amount,
    ]);
    await notify(tx, now, userId, 'deposit', { amount, currency });

    const [referral] = await tx.query<{ referrer: number | null; username: string; reward: string }>(
      `SELECT referred_by AS referrer, username, round($2::numeric * $3::numeric, 2)::text AS reward
        FROM users
        WHERE id = $1`,
      [userId, amount, config.referralRate],
    );
    if (referral?.referrer && toCents(referral.reward)! > 0n) {
      const reward = await addTransaction(tx, {
        userId: referral.referrer,
        type: 'referral',
        amount: referral.reward,
        status: 'completed',
        template: 'referral',
        params: { username: referral.username },
        createdAt: now,
      });
      await credit(tx, referral.referrer, 'cash', referral.reward, reward.id, now);
      await notify(tx, now, referral.referrer, 'referral', { amount: referral.reward, currency });
    }
    return 'completed';
  });
}

/**
 * Cancels a pending deposit and its history item (the payment page declined it); a completed one stays
 * completed. A decline is a risk event (harm.declined_deposits) in the same transaction.
 */
export async function cancelPayment(
  db: Database,
  id: string,
  rules: RiskConfig,
  now: Date,
): Promise<PaymentStatus | undefined> {
  return db.transaction(async (tx) => {
    const [declined] = await cancelWhere(tx, 'id = $1', id, now);
    if (declined)
      await recordRiskEvent(tx, { kind: 'deposit_declined', rules, userId: declined.user_id, paymentId: id, now });
    return currentStatus(tx, id);
  });
}

async function currentStatus(db: Queryable, id: string): Promise<PaymentStatus | undefined> {
  const [row] = await db.query<{ status: PaymentStatus }>('SELECT status FROM payments WHERE id = $1', [id]);
  return row?.status;
}

/** A payment as the demo payment page shows it; `expired` when its time ran out before anyone paid. */
export interface PaymentPageRow {
  amount: string;
  currency: string;
  method: string;
  status: 'pending' | 'completed' | 'cancelled';
  return_url: string;
  lang: Locale;
  expired: boolean;
}

/** The payment for its page, after cancelling it if its time ran out. */
export async function paymentForPage(db: Queryable, id: string, now: Date): Promise<PaymentPageRow | undefined> {
  await expirePayments(db, { id }, now);
  const [row] = await db.query<PaymentPageRow>(
    // A deposit charged back or refunded later was still paid on this page: the page says so.
    `SELECT amount::text, currency, method,
      CASE WHEN status IN ('charged_back', 'refunded') THEN 'completed' ELSE status END AS status,
      return_url, lang, (status = 'cancelled' AND completed_at >= expires_at) AS expired
     FROM payments WHERE id = $1`,
    [id],
  );
  return row;
}

export const PAYMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
