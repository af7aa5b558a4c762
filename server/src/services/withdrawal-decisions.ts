import type { Queryable } from '../db/database.ts';
import { ConsoleRefusal } from '../base/domain-errors.ts';
import type { Locale } from '../base/i18n.ts';
import { notify } from './history.ts';
import { credit } from './ledger.ts';

/**
 * Staff decisions on the withdrawals queue (peatio's model: funds are locked when the player asks;
 * staff approve, or reject and the lock is undone through the ledger). Each works in the caller's
 * transaction, so the operator console writes its audit row in the same one. A decision is one
 * conditional UPDATE on the pending row, so two staff members can never both decide the same
 * withdrawal: the second answers undefined.
 */

/** A refusal the console shows as "not possible" (409) with the message `withdrawals.<code>`. */
export class WithdrawalRefused extends ConsoleRefusal<'refund_needs_destination' | 'refund_not_rejected' | 'held'> {
  constructor(code: WithdrawalRefused['code']) {
    super('conflict', `withdrawals.${code}`, code);
  }
}

/** The player, their money and language, as a decision's mail needs them. */
export interface DecidedWithdrawal {
  user_id: number;
  amount: string;
  email: string;
  username: string;
  locale: Locale;
  currency: string;
}

/** A refund of a self-excluded player's balance: the player gave no destination. */
export const REFUND_TEMPLATE = 'rg.returned_on_self_exclusion';
export const isRefund = (template: string) => template === REFUND_TEMPLATE;

/** Throws `WithdrawalRefused(code)` when the withdrawal is a refund on self-exclusion. */
async function refuseRefund(tx: Queryable, id: number, code: WithdrawalRefused['code']) {
  const [row] = await tx.query<{ template: string }>(
    "SELECT template FROM transactions WHERE id = $1 AND type = 'withdrawal'",
    [id],
  );
  if (row && isRefund(row.template)) throw new WithdrawalRefused(code);
}

/**
 * Throws `WithdrawalRefused('held')` when the withdrawal's player has withdrawals held, before
 * anything changes. The withdrawal's row is locked first and the player's row then shared, the
 * order a rejection takes them in (its UPDATE, then the credit), so the two never deadlock; a
 * chargeback committing meanwhile (it updates the player's row) is waited for and seen.
 */
async function refuseHeld(tx: Queryable, id: number) {
  await tx.query("SELECT 1 FROM transactions WHERE id = $1 AND type = 'withdrawal' FOR UPDATE", [id]);
  const [row] = await tx.query<{ held: boolean }>(
    `SELECT withdrawals_held_at IS NOT NULL AS held FROM users
     WHERE id = (SELECT user_id FROM transactions WHERE id = $1) FOR SHARE`,
    [id],
  );
  if (row?.held) throw new WithdrawalRefused('held');
}

const recordPayout = (
  tx: Queryable,
  id: number,
  method: string,
  destination: string,
  reference: string,
  staffId: number,
  now: Date,
) =>
  tx.query(
    `INSERT INTO withdrawal_payouts (transaction_id, method, destination, payout_reference, staff_id, paid_at)
      VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, method, destination, reference, staffId, now.toISOString()],
  );

export interface Approval {
  id: number;
  /** The bank reference or transaction hash of the payment staff made; never empty. */
  reference: string;
  /** Staff ticked "I have sent this payment". */
  confirmed: boolean;
  staffId: number;
  now: Date;
}

/**
 * Approves a pending withdrawal that staff have paid: completed, the payout recorded with its
 * reference, the player notified. A refund on self-exclusion is refused (it needs the destination
 * staff paid to: `payRefund`), and so is any while the player's withdrawals are held after a
 * chargeback (it stays pending). Undefined when it is no longer pending.
 */
export async function approveWithdrawal(
  tx: Queryable,
  approval: Approval,
): Promise<(DecidedWithdrawal & { method: string; destination: string }) | undefined> {
  // The console refuses these with 400 before; money never leaves on an approval without them.
  if (!approval.reference.trim() || !approval.confirmed)
    throw new Error('an approval needs a payout reference and the confirmation');
  await refuseRefund(tx, approval.id, 'refund_needs_destination');
  await refuseHeld(tx, approval.id);
  const [row] = await tx.query<DecidedWithdrawal & { method: string; destination: string }>(
    `UPDATE transactions t SET status = 'completed', decided_at = $2, decided_by = $3
     FROM users u WHERE t.id = $1 AND t.type = 'withdrawal' AND t.status = 'pending' AND u.id = t.user_id
     RETURNING t.user_id, (-t.amount)::text AS amount, u.email, u.username, u.locale, u.currency, t.method,
     t.destination`,
    [approval.id, approval.now.toISOString(), approval.staffId],
  );
  if (!row) return undefined;
  await recordPayout(tx, approval.id, row.method, row.destination, approval.reference, approval.staffId, approval.now);
  await notify(tx, approval.now, row.user_id, 'withdrawal_completed', { amount: row.amount, currency: row.currency });
  return row;
}

/**
 * Rejects a pending withdrawal with a reason for the player: cancelled, and the reserved amount
 * goes back through the ledger against the withdrawal's own history item. A refund on
 * self-exclusion is never put back on the locked account: refused. Undefined when no longer pending.
 */
export async function rejectWithdrawal(
  tx: Queryable,
  input: { id: number; reason: string; staffId: number; now: Date },
): Promise<(DecidedWithdrawal & { balance_before: string; balance: string }) | undefined> {
  await refuseRefund(tx, input.id, 'refund_not_rejected');
  const [row] = await tx.query<DecidedWithdrawal>(
    `UPDATE transactions t SET status = 'cancelled', decided_at = $2, decided_by = $3,
       template = CASE WHEN t.template = 'withdrawal' THEN 'withdrawal_rejected' ELSE t.template END,
       params = t.params || jsonb_build_object('reason', $4::text)
     FROM users u WHERE t.id = $1 AND t.type = 'withdrawal' AND t.status = 'pending' AND u.id = t.user_id
     RETURNING t.user_id, (-t.amount)::text AS amount, u.email, u.username, u.locale, u.currency`,
    [input.id, input.now.toISOString(), input.staffId, input.reason],
  );
  if (!row) return undefined;
  const [before] = await tx.query<{ balance: string }>('SELECT balance::text FROM users WHERE id = $1', [row.user_id]);
  const balance = await credit(tx, row.user_id, 'cash', row.amount, input.id, input.now);
  await notify(tx, input.now, row.user_id, 'withdrawal_rejected', {
    amount: row.amount,
    currency: row.currency,
    reason: input.reason,
  });
  return { ...row, balance_before: before!.balance, balance };
}

/**
 * Records a refund on self-exclusion as paid to the destination staff paid it to (`destination`
 * already masked): completed, with the payout and its reference. Undefined when it is not a
 * pending refund.
 */
export async function payRefund(
  tx: Queryable,
  input: { id: number; method: string; destination: string; reference: string; staffId: number; now: Date },
): Promise<(DecidedWithdrawal & { old_method: string }) | undefined> {
  const [row] = await tx.query<DecidedWithdrawal & { old_method: string }>(
    `UPDATE transactions t SET status = 'completed', decided_at = $2, decided_by = $3, destination = $4, method = $5
     FROM users u WHERE t.id = $1 AND t.type = 'withdrawal' AND t.status = 'pending' AND t.template =
     '${REFUND_TEMPLATE}' AND u.id = t.user_id
     RETURNING t.user_id, (-t.amount)::text AS amount, u.email, u.username, u.locale, u.currency,
       (SELECT method FROM transactions WHERE id = $1) AS old_method`,
    [input.id, input.now.toISOString(), input.staffId, input.destination, input.method],
  );
  if (!row) return undefined;
  await recordPayout(tx, input.id, input.method, input.destination, input.reference, input.staffId, input.now);
  await notify(tx, input.now, row.user_id, 'withdrawal_completed', { amount: row.amount, currency: row.currency });
  return row;
}
