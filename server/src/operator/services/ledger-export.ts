import type { Queryable } from '../../db/database.ts';

/** One ledger row of the export: its CSV line (written by the database) and its keyset position. */
export interface LedgerExportLine {
  id: number;
  /** The time as PostgreSQL writes it (microseconds kept), the keyset's exact value. */
  at_key: string;
  line: string;
}

/** The export's instants, [from, to); null where open. */
export interface LedgerRange {
  from: string | null;
  to: string | null;
}

/** The last row's time and id (null before the first batch). */
export type LedgerKey = [string, number];

export const LEDGER_CSV_HEADER = [
  'id',
  'time_utc',
  'player_id',
  'currency',
  'account',
  'amount',
  'history_id',
  'type',
  'status',
];

/**
 * The database writes each CSV line: one string per row is all the server holds, not an object of
 * nine fields, which keeps a million rows fast and the memory flat. No cell needs quoting or the
 * formula guard of `csvCell`: ids, times and amounts are numbers, and the account, type and
 * status are codes the schema's CHECKs fix, the currency a three-letter code.
 */
const LINE = `concat_ws(',', l.id, to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  l.user_id, u.currency, l.account, l.amount, t.id, t.type, t.status) || E'\\r\\n'`;

/**
 * Up to `size` ledger rows of the range after `after`, oldest first. The (created_at, id) index
 * (migration 070) makes each batch one index range however large the ledger, so the time of a batch
 * never grows with the rows already sent; the `created_at >=` bound lets the planner start there.
 */
export const ledgerAfter = (db: Queryable, range: LedgerRange, after: LedgerKey | null, size: number) =>
  db.query<LedgerExportLine>(
    `SELECT l.id, l.created_at::text AS at_key, ${LINE} AS line
     FROM ledger l JOIN users u ON u.id = l.user_id LEFT JOIN transactions t ON t.id = l.transaction_id
     WHERE ($1::timestamptz IS NULL OR l.created_at >= $1::timestamptz)
       AND ($2::timestamptz IS NULL OR l.created_at < $2::timestamptz)
       AND ($3::timestamptz IS NULL
         OR (l.created_at >= $3::timestamptz AND (l.created_at, l.id) > ($3::timestamptz, $4::int)))
     ORDER BY l.created_at, l.id
     LIMIT $5`,
    [range.from, range.to, after?.[0] ?? null, after?.[1] ?? 0, size],
  );

/** The ledger of a range as chunks of CSV text, a batch at a time, each read only when the previous one was sent. */
export async function* ledgerCsvChunks(db: Queryable, range: LedgerRange, size: number): AsyncGenerator<string> {
  let after: LedgerKey | null = null;
  for (;;) {
    const rows = await ledgerAfter(db, range, after, size);
    if (rows.length) yield rows.map((row) => row.line).join('');
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = [last.at_key, last.id];
  }
}
