import type { Services } from '../../app-env.ts';
import type { Queryable } from '../../db/database.ts';
import { approveWithdrawal, payRefund, rejectWithdrawal } from '../../services/withdrawal-decisions.ts';
import { audit } from './audit.ts';
import { requireRiskReason } from './risk-withdrawal-check.ts';

/**
 * Staff's decisions on one pending withdrawal (the queue's approve, reject and refund buttons):
 * each runs the service's decision (services/withdrawal-decisions.ts) with its audit row in one
 * transaction. Each answers undefined when the withdrawal was no longer pending (decided by
 * someone else, or unknown), and changes nothing then.
 */

/** Who decides on which withdrawal, and when (from `services.clock`). */
interface Decider {
  id: number;
  staffId: number;
  now: Date;
}

/** What an audit row of a bulk decision adds: that it was one, and how many were selected with it. */
const bulkFacts = (batchSize?: number) => (batchSize === undefined ? {} : { bulk: true, batch_size: batchSize });

/**
 * Runs `decide` in the caller's transaction and, when it applied, writes its audit row on the
 * withdrawal (`change` tells the state before and after); undefined when nothing was pending.
 */
async function auditedDecision<Row>(
  tx: Queryable,
  by: Decider & { action: 'withdrawal.approve' | 'withdrawal.reject' | 'withdrawal.refund' },
  decide: () => Promise<Row | undefined>,
  change: (row: Row) => { before: Record<string, unknown>; after: Record<string, unknown> },
) {
  const row = await decide();
  if (!row) return undefined;
  const { staffId, action, id, now } = by;
  await audit(tx, { staffId, action, targetType: 'withdrawal', targetId: id, ...change(row), at: now });
  return row;
}

/** Approves: the money was paid out with `reference`. */
export async function approveAudited(
  services: Pick<Services, 'db' | 'clock'>,
  decision: { id: number; reference: string; staffId: number; riskReason?: string },
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
  decision: Decider & { reference: string; riskReason?: string },
  batchSize?: number,
) {
  const { id, reference, staffId, now, riskReason } = decision;
  await requireRiskReason(tx, id, riskReason);
  const risk = riskReason ? { risk_reason: riskReason } : {};
  return auditedDecision(
    tx,
    { ...decision, action: 'withdrawal.approve' },
    () => approveWithdrawal(tx, { id, reference, confirmed: true, staffId, now }),
    (row) => ({
      before: { status: 'pending', amount: row.amount },
      after: { status: 'completed', amount: row.amount, payout_reference: reference, ...bulkFacts(batchSize), ...risk },
    }),
  );
}

/** Rejects with a reason: the amount goes back to the player's balance through the ledger. */
export async function rejectAudited(
  services: Pick<Services, 'db' | 'clock'>,
  decision: { id: number; reason: string; staffId: number },
) {
  const now = services.clock();
  return services.db.transaction((tx) => rejectWithAudit(tx, { ...decision, now }));
}

/**
 * The rejection and its audit row in the caller's transaction, for a single decision and for each
 * one of a bulk rejection (`batchSize` set), so both paths refund and audit alike. Throws
 * WithdrawalRefused for a self-exclusion refund (it is never rejected).
 */
export async function rejectWithAudit(tx: Queryable, decision: Decider & { reason: string }, batchSize?: number) {
  const { id, reason, staffId, now } = decision;
  return auditedDecision(
    tx,
    { id, staffId, now, action: 'withdrawal.reject' },
    () => rejectWithdrawal(tx, { id, reason, staffId, now }),
    (row) => ({
      before: { status: 'pending', amount: row.amount, balance: row.balance_before },
      after: { status: 'cancelled', amount: row.amount, balance: row.balance, reason, ...bulkFacts(batchSize) },
    }),
  );
}

/** Records a self-exclusion refund as paid to the destination staff chose (already masked). */
export async function payRefundAudited(
  services: Pick<Services, 'db' | 'clock'>,
  decision: { id: number; method: string; destination: string; reference: string; staffId: number },
) {
  const { id, method, destination, reference, staffId } = decision;
  const now = services.clock();
  return services.db.transaction((tx) =>
    auditedDecision(
      tx,
      { id, staffId, now, action: 'withdrawal.refund' },
      () => payRefund(tx, { id, method, destination, reference, staffId, now }),
      (row) => ({
        before: { status: 'pending', amount: row.amount, method: row.old_method },
        after: { status: 'completed', amount: row.amount, method, destination, payout_reference: reference },
      }),
    ),
  );
}
