import type { Services } from '../../app-env.ts';
import type { Queryable } from '../../db/database.ts';
import { auditedView } from './audit.ts';

export const PAYMENT_STATUSES = ['all', 'pending', 'completed', 'cancelled', 'charged_back', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The payments (deposits) list's filters. */
export interface PaymentFilter {
  status: PaymentStatus;
  method: string;
  from: string | null;
  to: string | null;
}

export interface PaymentRow {
  id: string;
  seq: number;
  user_id: number;
  username: string;
  email: string;
  amount: string;
  currency: string;
  method: string;
  status: string;
  created_at: Date | string;
  completed_at: Date | string | null;
  /** The payment provider's own reference, once it confirmed the payment. */
  provider_reference: string | null;
  /** The player's country of residence (ISO 3166-1 alpha-2); null for accounts made before it was asked. */
  country: string | null;
}

const WHERE = `($1 = 'all' OR p.status = $1) AND ($2 = '' OR p.method = $2)
  AND ($3::timestamptz IS NULL OR p.created_at >= $3::timestamptz)
  AND ($4::timestamptz IS NULL OR p.created_at < $4::timestamptz)`;
const params = (f: PaymentFilter) => [f.status, f.method, f.from, f.to];
const COLUMNS = `p.id, p.user_id, u.username, u.email, p.amount::text AS amount, p.currency, p.method, p.status,
  p.created_at, p.completed_at, p.provider_reference, u.country`;

export const paymentTotals = (db: Queryable, filter: PaymentFilter) =>
  db.query<{ currency: string; count: number; amount: string }>(
    `SELECT p.currency, count(*)::int AS count, sum(p.amount)::numeric(14,2)::text AS amount
      FROM payments p
      WHERE ${WHERE}
      GROUP BY p.currency
      ORDER BY p.currency`,
    params(filter),
  );

export const paymentPage = (db: Queryable, filter: PaymentFilter, limit: number, offset: number) =>
  db.query<PaymentRow>(
    `SELECT ${COLUMNS}
      FROM payments p
      JOIN users u ON u.id = p.user_id
      WHERE ${WHERE}
      ORDER BY p.created_at DESC, p.id DESC
      LIMIT $5 OFFSET $6`,
    [...params(filter), limit, offset],
  );

/** The CSV's batches, newest first, after a (created_at, id) key. */
export const paymentsAfter = (db: Queryable, filter: PaymentFilter, after: [string, string] | null, size: number) =>
  db.query<PaymentRow>(
    `SELECT ${COLUMNS} FROM payments p JOIN users u ON u.id = p.user_id WHERE ${WHERE}
       AND ($5::timestamptz IS NULL OR (p.created_at, p.id) < ($5::timestamptz, $6::uuid))
     ORDER BY p.created_at DESC, p.id DESC LIMIT $7`,
    [...params(filter), after?.[0] ?? null, after?.[1] ?? '00000000-0000-0000-0000-000000000000', size],
  );

export interface HistoryRow {
  id: number;
  created_at: Date | string;
  type: string;
  template: string;
  params: Record<string, string>;
  amount: string;
  status: string;
  method: string | null;
}

/** A player's whole history, newest first, after a (created_at, id) key: the history CSV's batches. */
export const historyAfter = (db: Queryable, userId: number, after: [string, number] | null, size: number) =>
  db.query<HistoryRow>(
    `SELECT id, created_at, type, template, params, amount::text AS amount, status, method FROM transactions
     WHERE user_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::int))
     ORDER BY created_at DESC, id DESC LIMIT $4`,
    [userId, after?.[0] ?? null, after?.[1] ?? 0, size],
  );

/**
 * The currency of the player whose history staff export, the export audited as a view of the
 * player's data. Undefined for an unknown player (nothing audited then).
 */
export async function startHistoryExport(
  services: Pick<Services, 'db' | 'clock'>,
  staffId: number,
  playerId: number,
): Promise<{ currency: string } | undefined> {
  const [player] = await services.db.query<{ currency: string }>('SELECT currency FROM users WHERE id = $1', [
    playerId,
  ]);
  return auditedView(
    services,
    { staffId, action: 'player.view', targetType: 'player', targetId: playerId, after: { export: 'history.csv' } },
    player,
  );
}
