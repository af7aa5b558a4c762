import type { Queryable } from '../../db/database.ts';

/** One ledger row as the ledger export writes it: the movement, its player's currency and its history item. */
export interface LedgerExportRow {
  id: number;
  /** The time as PostgreSQL writes it (microseconds kept), the keyset's exact value. */
  at_key: string;
  created_at: Date | string;
  user_id: number;
  currency: string;
  account: string;
  amount: string;
  transaction_id: number | null;
  type: string | null;
  status: string | null;
}

/** The export's instants, [from, to); null where open. */
export interface LedgerRange {
  from: string | null;
  to: string | null;
}

/** Placeholders of the keyset: the last row's time and id (null before the first batch). */
export type LedgerKey = [string, number];

/**
 * Up to `size` ledger rows of the range after `after`, oldest first. The (created_at, id) index
 * (migration 070) makes each batch one index range however large the ledger, so the time of a batch
 * never grows with the rows already sent; the `created_at >=` bound lets the planner start there.
 */
export const ledgerAfter = (db: Queryable, range: LedgerRange, after: LedgerKey | null, size: number) =>
  db.query<LedgerExportRow>(
    `SELECT l.id, l.created_at::text AS at_key, l.created_at, l.user_id, u.currency, l.account, l.amount::text AS amount, l.transaction_id,
            t.type, t.status
     FROM ledger l JOIN users u ON u.id = l.user_id LEFT JOIN transactions t ON t.id = l.transaction_id
     WHERE ($1::timestamptz IS NULL OR l.created_at >= $1::timestamptz)
       AND ($2::timestamptz IS NULL OR l.created_at < $2::timestamptz)
       AND ($3::timestamptz IS NULL OR (l.created_at >= $3::timestamptz AND (l.created_at, l.id) > ($3::timestamptz, $4::int)))
     ORDER BY l.created_at, l.id
     LIMIT $5`,
    [range.from, range.to, after?.[0] ?? null, after?.[1] ?? 0, size],
  );
