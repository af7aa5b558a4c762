import { toCents } from '#core/api/money.ts';
import { formatMoney } from '#core/i18n/money-format.ts';
import type { Locale } from '../base/i18n.ts';
import { InvalidRequest } from '../base/domain-errors.ts';
import type { Queryable } from '../db/database.ts';

/**
 * Source-of-funds requests (docs/risk.md): staff ask a player where their money comes from; until
 * staff mark the answer reviewed, withdrawals above RISK_SOF_WITHDRAWAL_THRESHOLD are refused with
 * the reason in the player's language. One request is outstanding at a time (a unique index).
 */
export interface SourceOfFunds {
  state: 'requested' | 'reviewed';
  requested_at: Date | string;
  requested_by: string;
  reviewed_at: Date | string | null;
  reviewed_by: string | null;
}

/** The player's newest request, or undefined when staff never asked. */
export async function sourceOfFundsOf(db: Queryable, userId: number): Promise<SourceOfFunds | undefined> {
  const [row] = await db.query<SourceOfFunds>(
    `SELECT r.state, r.requested_at, a.email AS requested_by, r.reviewed_at, b.email AS reviewed_by
     FROM source_of_funds_requests r JOIN staff a ON a.id = r.requested_by LEFT JOIN staff b ON b.id = r.reviewed_by
     WHERE r.user_id = $1 ORDER BY r.requested_at DESC, r.id DESC LIMIT 1`,
    [userId],
  );
  return row;
}

/** Opens a request; undefined when one is already outstanding (nothing changed). */
export async function openSourceOfFundsRequest(tx: Queryable, userId: number, staffId: number, now: Date) {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO source_of_funds_requests (user_id, requested_by, requested_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) WHERE state = 'requested' DO NOTHING RETURNING id`,
    [userId, staffId, now.toISOString()],
  );
  return row?.id;
}

/** Marks the outstanding request reviewed; its id, or undefined when none was outstanding. */
export async function markSourceOfFundsReviewed(tx: Queryable, userId: number, staffId: number, now: Date) {
  const [row] = await tx.query<{ id: number }>(
    `UPDATE source_of_funds_requests SET state = 'reviewed', reviewed_by = $2, reviewed_at = $3
     WHERE user_id = $1 AND state = 'requested' RETURNING id`,
    [userId, staffId, now.toISOString()],
  );
  return row?.id;
}

/**
 * Refuses a withdrawal above the threshold while a request is unreviewed: one indexed read, in the
 * withdrawal's transaction, after the player's row is locked by the queue. A withdrawal at or below
 * the threshold asks nothing (compared in cents), so the usual withdrawal keeps its statement count.
 */
export async function refuseWhileSourceOfFundsUnreviewed(
  tx: Queryable,
  request: { userId: number; amount: string; currency: string; threshold: string; locale: Locale },
) {
  if (toCents(request.amount)! <= toCents(request.threshold)!) return;
  const [row] = await tx.query<{ waiting: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM source_of_funds_requests WHERE user_id = $1 AND state = 'requested') AS waiting`,
    [request.userId],
  );
  if (row!.waiting)
    throw new InvalidRequest('account.withdrawals_sof', {
      amount: formatMoney(request.threshold, request.currency, request.locale),
    });
}
