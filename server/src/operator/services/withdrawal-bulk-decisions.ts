import type { Database, Queryable } from '../../db/database.ts';
import type { DecidedWithdrawal } from '../../services/withdrawal-decisions.ts';
import { WithdrawalRefused } from '../../services/withdrawal-decisions.ts';
import { RiskReasonNeeded } from './risk-withdrawal-check.ts';
import { approveWithAudit, rejectWithAudit } from './audited-withdrawal-decisions.ts';

/** The most withdrawals one bulk decision takes (the queue shows up to this many a page). */
export const BULK_MAX = 500;

/** What a bulk decision did with one selected withdrawal. */
export type BulkOutcome =
  | { id: number; outcome: 'decided_now'; player: Omit<DecidedWithdrawal, 'amount'>; amount: string }
  | { id: number; outcome: 'decided' | 'refund' | 'risk' | 'held' };

/** Who decides the batch, and when (from `services.clock`). */
interface BatchDecider {
  staffId: number;
  now: Date;
}

/**
 * Runs one decision per selected withdrawal, each in its own transaction through the same audited
 * path as a single decision (its conditional UPDATE on the pending row, ledger, notification and
 * audit row): one decided meanwhile, by anyone, is reported as `decided` and left alone, and the
 * others still go. A refund on self-exclusion is never decided in bulk (it needs the destination
 * staff paid to); an approval that needs a risk reason is left for a single decision, and one whose
 * player's withdrawals are held stays pending.
 * Answers each one's outcome, in the order selected.
 */
async function decideEach(
  db: Database,
  ids: number[],
  decide: (tx: Queryable, id: number) => Promise<(DecidedWithdrawal & { amount: string }) | undefined>,
): Promise<BulkOutcome[]> {
  // The route refuses more with a 400 that says so (bulkIdsForm); this guards any other caller.
  if (ids.length > BULK_MAX) throw new RangeError(`at most ${BULK_MAX} withdrawals a batch`);
  const outcomes: BulkOutcome[] = [];
  for (const id of ids) {
    outcomes.push(
      await db.transaction(async (tx): Promise<BulkOutcome> => {
        try {
          const row = await decide(tx, id);
          if (!row) return { id, outcome: 'decided' };
          const { user_id, email, username, locale, currency } = row;
          return {
            id,
            outcome: 'decided_now',
            player: { user_id, email, username, locale, currency },
            amount: row.amount,
          };
        } catch (error) {
          // Held after a chargeback: it stays pending until staff release the hold.
          if (error instanceof WithdrawalRefused) return { id, outcome: error.code === 'held' ? 'held' : 'refund' };
          // An open high risk alert needs a reason, given only when approving the one withdrawal.
          if (error instanceof RiskReasonNeeded) return { id, outcome: 'risk' };
          throw error;
        }
      }),
    );
  }
  return outcomes;
}

/** Approves the withdrawals of a batch paid with one `reference` (the payment batch or file sent). */
export const approveBatch = (db: Database, ids: number[], reference: string, by: BatchDecider) =>
  decideEach(db, ids, (tx, id) => approveWithAudit(tx, { id, reference, ...by }, ids.length));

/** Rejects the selected withdrawals with one `reason` for every player; each amount goes back to its balance. */
export const rejectBatch = (db: Database, ids: number[], reason: string, by: BatchDecider) =>
  decideEach(db, ids, (tx, id) => rejectWithAudit(tx, { id, reason, ...by }, ids.length));

/** How many of a batch's outcomes are of each kind, in the order the queue's notice reads them. */
export const BULK_COUNTS = ['decided_now', 'decided', 'refund', 'risk', 'held'] as const;
export const countOutcomes = (outcomes: BulkOutcome[]) =>
  BULK_COUNTS.map((kind) => outcomes.filter((outcome) => outcome.outcome === kind).length);
