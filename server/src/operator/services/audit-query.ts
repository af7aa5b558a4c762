import type { Queryable } from '../../db/database.ts';

/** The audit log's filters, as the page and its CSV take them. */
export interface AuditFilter {
  action: string;
  staffEmail: string;
  targetType: string;
  targetId: string;
  /** Instants, [from, to); null where open. */
  from: string | null;
  to: string | null;
}

export interface AuditRow {
  id: number;
  created_at: Date | string;
  email: string | null;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
}

const WHERE = `($1 = '' OR a.action = $1) AND ($2 = '' OR s.email = $2)
  AND ($3 = '' OR a.target_type = $3) AND ($4 = '' OR a.target_id = $4)
  AND ($5::timestamptz IS NULL OR a.created_at >= $5::timestamptz)
  AND ($6::timestamptz IS NULL OR a.created_at < $6::timestamptz)`;
const params = (f: AuditFilter) => [f.action, f.staffEmail, f.targetType, f.targetId, f.from, f.to];
const COLUMNS = 'a.id, a.created_at, s.email, a.action, a.target_type, a.target_id, a.before, a.after';

export async function countAudit(db: Queryable, filter: AuditFilter): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM staff_audit a LEFT JOIN staff s ON s.id = a.staff_id WHERE ${WHERE}`,
    params(filter),
  );
  return row!.n;
}

/** One page, newest first. */
export const auditPage = (db: Queryable, filter: AuditFilter, limit: number, offset: number) =>
  db.query<AuditRow>(
    `SELECT ${COLUMNS} FROM staff_audit a LEFT JOIN staff s ON s.id = a.staff_id WHERE ${WHERE}
     ORDER BY a.created_at DESC, a.id DESC LIMIT $7 OFFSET $8`,
    [...params(filter), limit, offset],
  );

/** The rows after a (created_at, id) key, newest first: the CSV's batches. */
export const auditAfter = (db: Queryable, filter: AuditFilter, after: [string, number] | null, size: number) =>
  db.query<AuditRow>(
    `SELECT ${COLUMNS} FROM staff_audit a LEFT JOIN staff s ON s.id = a.staff_id WHERE ${WHERE}
       AND ($7::timestamptz IS NULL OR (a.created_at, a.id) < ($7::timestamptz, $8::int))
     ORDER BY a.created_at DESC, a.id DESC LIMIT $9`,
    [...params(filter), after?.[0] ?? null, after?.[1] ?? 0, size],
  );
