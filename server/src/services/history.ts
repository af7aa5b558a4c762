import type { Transaction, TransactionStatus, TransactionType } from '#core/api/contract.ts';
import type { Queryable } from '../db/database.ts';

export interface NewTransaction {
  userId: number;
  type: TransactionType;
  /** Signed decimal string. */
  amount: string;
  status: TransactionStatus;
  method?: string;
  destination?: string;
  /** A key of the `history` group of the `api` message set. */
  template: string;
  params?: Record<string, string>;
  /** From `services.clock` (or a seeded time): never the database's clock. */
  createdAt: Date;
}

/** Records a history item and answers its id and time. */
export async function addTransaction(tx: Queryable, item: NewTransaction): Promise<{ id: number; created_at: Date }> {
  const [row] = await tx.query<{ id: number; created_at: Date }>(
    `INSERT INTO transactions (user_id, type, amount, status, method, destination, template, params, created_at)
     VALUES ($1, $2, $3::numeric, $4, $5, $6, $7, $8::jsonb, $9) RETURNING id, created_at`,
    [
      item.userId,
      item.type,
      item.amount,
      item.status,
      item.method ?? null,
      item.destination ?? null,
      item.template,
      JSON.stringify(item.params ?? {}),
      item.createdAt.toISOString(),
    ],
  );
  return row!;
}

/** Adds one of the player's own notifications; `template` names a pair in the `notifications` group. */
export async function notify(
  tx: Queryable,
  now: Date,
  userId: number,
  template: string,
  params: Record<string, string> = {},
) {
  // A self-excluded player gets no notifications or offers (MGA 2/2018), and none after the period
  // either until they ask again (UKGC: marketing needs a fresh consent after self-exclusion).
  await tx.query(
    `INSERT INTO notifications (user_id, template, params, created_at) SELECT $1, $2, $3::jsonb, $4
     WHERE NOT EXISTS (SELECT 1 FROM users WHERE id = $1 AND self_excluded_until IS NOT NULL)`,
    [userId, template, JSON.stringify(params), now.toISOString()],
  );
}

/** Which of the player's transactions a history page shows: a type, and calendar days in UTC (inclusive). */
export interface HistoryFilter {
  userId: number;
  type: string | undefined;
  dateFrom: string | undefined;
  dateTo: string | undefined;
}

export interface HistoryRow {
  id: number;
  type: Transaction['type'];
  amount: string;
  status: Transaction['status'];
  created_at: Date;
  template: string;
  params: Record<string, string>;
}

const HISTORY_FILTERS = `user_id = $1 AND ($2::text IS NULL OR type = $2)
      AND ($3::date IS NULL OR created_at >= $3::date::timestamp AT TIME ZONE 'UTC')
      AND ($4::date IS NULL OR created_at < ($4::date + 1)::timestamp AT TIME ZONE 'UTC')`;
const historyParams = (filter: HistoryFilter) => [
  filter.userId,
  filter.type ?? null,
  filter.dateFrom || null,
  filter.dateTo || null,
];

/** How many of the player's transactions the filter matches. */
export async function countHistory(db: Queryable, filter: HistoryFilter): Promise<number> {
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM transactions WHERE ${HISTORY_FILTERS}`,
    historyParams(filter),
  );
  return count;
}

/** One page of the player's transactions the filter matches, newest first. */
export function historyPage(
  db: Queryable,
  filter: HistoryFilter,
  page: number,
  pageSize: number,
): Promise<HistoryRow[]> {
  return db.query<HistoryRow>(
    `SELECT id, type, amount::text, status, created_at, template, params FROM transactions WHERE ${HISTORY_FILTERS}
       ORDER BY created_at DESC, id DESC LIMIT $5 OFFSET $6`,
    [...historyParams(filter), pageSize, (page - 1) * pageSize],
  );
}
