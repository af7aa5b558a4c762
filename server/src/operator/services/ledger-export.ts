import type { Services } from '../../app-env.ts';
import type { Queryable } from '../../db/database.ts';
import { audit } from './audit.ts';

/** One batch of the export: its CSV text (written by the database), its size and the last row's keyset position. */
export interface LedgerExportBatch {
  rows: number;
  text: string | null;
  /** The last row's time as PostgreSQL writes it (microseconds kept), the keyset's exact value. */
  at_key: string | null;
  id: number | null;
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
 * The database writes each batch's CSV text: one string a batch is all the server holds, not five
 * thousand objects of nine fields, which keeps a million rows fast and the memory flat. No cell
 * needs quoting or the formula guard of `csvCell`: ids, times and amounts are numbers, and the
 * account, type and status are codes the schema's CHECKs fix, the currency a three-letter code.
 */
const LINE = `concat_ws(',', l.id, to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  l.user_id, u.currency, l.account, l.amount, t.id, t.type, t.status) || E'\\r\\n'`;

/**
 * Up to `size` ledger rows of the range after `after`, oldest first, as one CSV text. The
 * (created_at, id) index (migration 070) makes each batch one index range however large the ledger,
 * so the time of a batch never grows with the rows already sent; `created_at >=` lets the planner start there.
 */
export async function ledgerBatch(db: Queryable, range: LedgerRange, after: LedgerKey | null, size: number) {
  const [batch] = await db.query<LedgerExportBatch>(
    `WITH batch AS (
       SELECT l.id, l.created_at, ${LINE} AS line
       FROM ledger l JOIN users u ON u.id = l.user_id LEFT JOIN transactions t ON t.id = l.transaction_id
       WHERE ($1::timestamptz IS NULL OR l.created_at >= $1::timestamptz)
         AND ($2::timestamptz IS NULL OR l.created_at < $2::timestamptz)
         AND ($3::timestamptz IS NULL
           OR (l.created_at >= $3::timestamptz AND (l.created_at, l.id) > ($3::timestamptz, $4::int)))
       ORDER BY l.created_at, l.id
       LIMIT $5
     )
     SELECT count(*)::int AS rows, string_agg(line, '' ORDER BY created_at, id) AS text,
            (array_agg(created_at::text ORDER BY created_at DESC, id DESC))[1] AS at_key,
            (array_agg(id ORDER BY created_at DESC, id DESC))[1] AS id
     FROM batch`,
    [range.from, range.to, after?.[0] ?? null, after?.[1] ?? 0, size],
  );
  return batch!;
}

/** The ledger of a range as chunks of CSV text, a batch at a time, each read only when the previous one was sent. */
export async function* ledgerCsvChunks(db: Queryable, range: LedgerRange, size: number): AsyncGenerator<string> {
  let after: LedgerKey | null = null;
  for (;;) {
    const batch = await ledgerBatch(db, range, after, size);
    if (batch.text) yield batch.text;
    if (batch.rows < size) return;
    after = [batch.at_key!, batch.id!];
  }
}

/**
 * A staff member's export of the whole ledger over `days` (UTC days as asked, '' where open):
 * audited (who, which days) before the first row is read; answers its chunks.
 */
export async function auditedLedgerExport(
  services: Pick<Services, 'db' | 'clock'>,
  staffId: number,
  days: { from: string; to: string; start: string | null; end: string | null },
  size: number,
): Promise<AsyncGenerator<string>> {
  await audit(services.db, {
    staffId,
    action: 'ledger.export',
    targetType: 'ledger',
    targetId: `${days.from || 'start'}..${days.to || 'now'}`,
    after: { from: days.from || null, to: days.to || null },
    at: services.clock(),
  });
  return ledgerCsvChunks(services.db, { from: days.start, to: days.end }, size);
}
