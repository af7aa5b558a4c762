import { toCents } from '../../../src/api/money.ts';
import type { ServerConfig } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import { addTransaction, notify } from './history.ts';
import { credit } from './ledger.ts';
import { depositFitsAtConfirmation } from './rg/deposit-check.ts';

export type PaymentStatus = 'pending' | 'completed' | 'cancelled';

/**
 * Completes a pending deposit exactly once: the status flips from pending in a conditional
 * UPDATE, so a double confirm (or two nodes confirming at once) credits once. In the same
 * transaction: history item, balance and ledger, loyalty points, a notification, and the
 * referrer's reward. Answers the payment's status afterwards, or undefined if it does not exist.
 */
export async function completePayment(db: Database, id: string, config: ServerConfig, now: Date = new Date()): Promise<PaymentStatus | undefined> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.query<{ user_id: number; amount: string; currency: string; method: string }>(
      `UPDATE payments SET status = 'completed', completed_at = now() WHERE id = $1 AND status = 'pending'
       RETURNING user_id, amount::text, currency, method`,
      [id],
    );
    if (!payment) return currentStatus(tx, id);
    const { user_id: userId, amount, currency, method } = payment;
    // Deposit limits, checked again under the player's row lock: a payment that no longer fits is cancelled.
    if (!(await depositFitsAtConfirmation(tx, userId, id, amount, now))) {
      await tx.query(`UPDATE payments SET status = 'cancelled' WHERE id = $1`, [id]);
      return 'cancelled';
    }
    const item = await addTransaction(tx, { userId, type: 'deposit', amount, status: 'completed', method, template: 'deposit', params: { method } });
    await credit(tx, userId, 'cash', amount, item.id);
    await tx.query('UPDATE users SET loyalty_points = loyalty_points + floor($2::numeric)::int WHERE id = $1', [userId, amount]);
    await tx.query('UPDATE payments SET transaction_id = $2 WHERE id = $1', [id, item.id]);
    await notify(tx, userId, 'deposit', { amount, currency });

    const [referral] = await tx.query<{ referrer: number | null; username: string; reward: string }>(
      'SELECT referred_by AS referrer, username, round($2::numeric * $3::numeric, 2)::text AS reward FROM users WHERE id = $1',
      [userId, amount, config.referralRate],
    );
    if (referral?.referrer && toCents(referral.reward)! > 0n) {
      const reward = await addTransaction(tx, {
        userId: referral.referrer, type: 'referral', amount: referral.reward, status: 'completed',
        template: 'referral', params: { username: referral.username },
      });
      await credit(tx, referral.referrer, 'cash', referral.reward, reward.id);
      await notify(tx, referral.referrer, 'referral', { amount: referral.reward, currency });
    }
    return 'completed';
  });
}

/** Cancels a pending deposit; a completed one stays completed. */
export async function cancelPayment(db: Database, id: string): Promise<PaymentStatus | undefined> {
  await db.query(`UPDATE payments SET status = 'cancelled', completed_at = now() WHERE id = $1 AND status = 'pending'`, [id]);
  return currentStatus(db, id);
}

async function currentStatus(db: Queryable, id: string): Promise<PaymentStatus | undefined> {
  const [row] = await db.query<{ status: PaymentStatus }>('SELECT status FROM payments WHERE id = $1', [id]);
  return row?.status;
}

export const PAYMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
