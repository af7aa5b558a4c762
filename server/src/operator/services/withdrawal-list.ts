import type { Queryable } from '../../db/database.ts';
import { REFUND_TEMPLATE } from '../../services/withdrawal-decisions.ts';

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected', 'refunds', 'all'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const WITHDRAWAL_SORTS = ['date', 'amount', 'player'] as const;
export type WithdrawalSort = (typeof WITHDRAWAL_SORTS)[number];
export { REFUND_TEMPLATE };

/** The queue's filters, as the page, its CSV and the tests take them. */
export interface WithdrawalFilter {
  status: WithdrawalStatus;
  method: string;
  /** Decimal strings; '' where open. */
  min: string;
  max: string;
  /** Instants [from, to) of the request time; null where open. */
  from: string | null;
  to: string | null;
  /** One withdrawal (the audit log links here); null for any. */
  id: number | null;
  sort: WithdrawalSort;
  dir: 'asc' | 'desc';
}

export interface WithdrawalRow {
  id: number;
  user_id: number;
  username: string;
  email: string;
  amount: string;
  currency: string;
  method: string | null;
  destination: string | null;
  status: 'pending' | 'completed' | 'cancelled';
  created_at: Date | string;
  decided_at: Date | string | null;
  decided_by: string | null;
  payout_reference: string | null;
  date_joined: Date | string;
  time_out_until: Date | string | null;
  self_excluded_until: Date | string | null;
  limits: string | null;
  verification: string | null;
  template: string;
  new_method: boolean;
  /** The player's unresolved risk alerts, and whether one of them is high. */
  risk_alerts: number;
  risk_high: boolean;
}

const WHERE = `t.type = 'withdrawal'
  AND ($1 = 'all' OR ($1 = 'pending' AND t.status = 'pending') OR ($1 = 'paid' AND t.status = 'completed')
       OR ($1 = 'rejected' AND t.status = 'cancelled') OR ($1 = 'refunds' AND t.template = '${REFUND_TEMPLATE}'))
  AND ($2 = '' OR t.method = $2)
  AND ($3::numeric IS NULL OR -t.amount >= $3::numeric) AND ($4::numeric IS NULL OR -t.amount <= $4::numeric)
  AND ($5::timestamptz IS NULL OR t.created_at >= $5::timestamptz)
  AND ($6::timestamptz IS NULL OR t.created_at < $6::timestamptz)
  AND ($7::int IS NULL OR t.id = $7::int)`;
const params = (f: WithdrawalFilter) => [f.status, f.method, f.min || null, f.max || null, f.from, f.to, f.id];

/** Whitelisted ORDER BY columns; the id breaks ties so pages never overlap. */
const ORDER: Record<WithdrawalSort, string> = { date: 't.created_at', amount: '(-t.amount)', player: 'u.username' };
const orderBy = (f: WithdrawalFilter) =>
  `${ORDER[f.sort]} ${f.dir === 'desc' ? 'DESC' : 'ASC'}, t.id ${f.dir === 'desc' ? 'DESC' : 'ASC'}`;

const COLUMNS = `t.id, t.user_id, u.username, u.email, (-t.amount)::text AS amount, u.currency, t.method,
  t.destination, t.status, t.created_at,
  t.decided_at, s.email AS decided_by, p.payout_reference, u.date_joined, u.time_out_until, u.self_excluded_until,
  (SELECT string_agg(l.kind || ' ' || l.period || ' ' || l.amount::text, ', ' ORDER BY l.kind, l.period)
     FROM rg_limits l WHERE l.user_id = u.id AND l.amount IS NOT NULL) AS limits,
  (SELECT v.status FROM identity_verifications v WHERE v.user_id = u.id ORDER BY v.submitted_at DESC, v.id LIMIT 1) AS
  verification,
  t.template,
  NOT EXISTS (SELECT 1 FROM payments pm WHERE pm.user_id = t.user_id AND pm.method = t.method AND pm.status =
  'completed') AS new_method,
  (SELECT count(*)::int FROM risk_alerts a WHERE a.user_id = u.id AND a.state <> 'resolved') AS risk_alerts,
  EXISTS (SELECT 1 FROM risk_alerts a WHERE a.user_id = u.id AND a.state <> 'resolved' AND a.severity = 'high') AS
  risk_high`;
const FROM = `transactions t JOIN users u ON u.id = t.user_id LEFT JOIN staff s ON s.id = t.decided_by
  LEFT JOIN withdrawal_payouts p ON p.transaction_id = t.id`;

/** Count and sum of the filtered set, per currency (amounts are summed in SQL, never in JavaScript). */
export const withdrawalTotals = (db: Queryable, filter: WithdrawalFilter) =>
  db.query<{ currency: string; count: number; amount: string }>(
    `SELECT u.currency, count(*)::int AS count, sum(-t.amount)::text AS amount
     FROM transactions t JOIN users u ON u.id = t.user_id WHERE ${WHERE} GROUP BY u.currency ORDER BY u.currency`,
    params(filter),
  );

export const withdrawalPage = (db: Queryable, filter: WithdrawalFilter, limit: number, offset: number) =>
  db.query<WithdrawalRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE ${WHERE} ORDER BY ${orderBy(filter)} LIMIT $8 OFFSET $9`,
    [...params(filter), limit, offset],
  );

/** The CSV's batches: by id (the export's order), after the last id seen. */
export const withdrawalsAfter = (db: Queryable, filter: WithdrawalFilter, after: number | null, size: number) =>
  db.query<WithdrawalRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE ${WHERE} AND ($8::int IS NULL OR t.id > $8::int) ORDER BY t.id LIMIT $9`,
    [...params(filter), after, size],
  );
