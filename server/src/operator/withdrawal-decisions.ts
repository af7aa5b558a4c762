import type { Services } from '../app-env.ts';
import type { Queryable } from '../db/database.ts';
import { approveWithdrawal, payRefund, rejectWithdrawal } from '../services/withdrawal-decisions.ts';
import { audit } from './audit.ts';

/**
 * Staff's decisions on one pending withdrawal (the queue's approve, reject and refund buttons):
 * each runs the service's decision (services/withdrawal-decisions.ts) with its audit row in one
 * transaction. Each answers undefined when the withdrawal was no longer pending (decided by
 * someone else, or unknown), and changes nothing then.
 */

/** Approves: the money was paid out with `reference`. */
export async function approveAudited(
  services: Pick<Services, 'db' | 'clock'>,
  decision: { id: number; reference: string; staffId: number },
) {
  const now = services.clock();
  return services.db.transaction((tx) => approveWithAudit(tx, { ...decision, now }));
}

/**
 * The approval and its audit row in the caller's transaction, for a single decision and for each
 * one of a bulk approval (`batchSize` set), so both paths pay and audit alike. Throws
 * WithdrawalRefused for a self-exclusion refund (it needs its own form).
 */
export async function approveWithAudit(
  tx: Queryable,
  decision: { id: number; reference: string; staffId: number; now: Date },
  batchSize?: number,
) {
  const { id, reference, staffId, now } = decision;
  const row = await approveWithdrawal(tx, { id, reference, confirmed: true, staffId, now });
  if (!row) return undefined;
  const bulk = batchSize === undefined ? {} : { bulk: true, batch_size: batchSize };
  await audit(tx, {
    staffId,
    action: 'withdrawal.approve',
    targetType: 'withdrawal',
    targetId: id,
    before: { status: 'pending', amount: row.amount },
    after: { status: 'completed', amount: row.amount, payout_reference: reference, ...bulk },
    at: now,
  });
  return row;
}

/** Rejects with a reason: the amount goes back to the player's balance through the ledger. */
export async function rejectAudited(
  services: Pick<Services, 'db' | 'clock'>,
  decision: { id: number; reason: string; staffId: number },
) {
  const { id, reason, staffId } = decision;
  const now = services.clock();
  return services.db.transaction(async (tx) => {
    const row = await rejectWithdrawal(tx, { id, reason, staffId, now });
    if (!row) return undefined;
    await audit(tx, {
      staffId,
      action: 'withdrawal.reject',
      targetType: 'withdrawal',
      targetId: id,
      before: { status: 'pending', amount: row.amount, balance: row.balance_before },
      after: { status: 'cancelled', amount: row.amount, balance: row.balance, reason },
      at: now,
    });
    return row;
  });
}

/** Records a self-exclusion refund as paid to the destination staff chose (already masked). */
export async function payRefundAudited(
  services: Pick<Services, 'db' | 'clock'>,
  decision: { id: number; method: string; destination: string; reference: string; staffId: number },
) {
  const { id, method, destination, reference, staffId } = decision;
  const now = services.clock();
  return services.db.transaction(async (tx) => {
    const row = await payRefund(tx, { id, method, destination, reference, staffId, now });
    if (!row) return undefined;
    await audit(tx, {
      staffId,
      action: 'withdrawal.refund',
      targetType: 'withdrawal',
      targetId: id,
      before: { status: 'pending', amount: row.amount, method: row.old_method },
      after: { status: 'completed', amount: row.amount, method, destination, payout_reference: reference },
      at: now,
    });
    return row;
  });
}
