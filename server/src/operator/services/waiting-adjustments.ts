import type { Queryable } from '../../db/database.ts';

/** A balance adjustment waiting for a second admin, with its player and the admin who asked. */
export interface WaitingAdjustment {
  id: number;
  user_id: number;
  username: string;
  email: string;
  currency: string;
  amount: string;
  reason: string;
  note: string;
  requested_by: number;
  requester: string;
  requested_at: Date | string;
}

/**
 * Every adjustment still waiting for a second admin, over all players, oldest first: the page
 * "Waiting for a second admin". The decisions themselves lock the row (decidePendingAdjustment).
 */
export function waitingAdjustments(db: Queryable) {
  return db.query<WaitingAdjustment>(
    `SELECT a.id, a.user_id, u.username, u.email, u.currency, a.amount::text, a.reason, a.note, a.requested_by,
      s.email AS requester, a.requested_at
     FROM balance_adjustments a JOIN users u ON u.id = a.user_id JOIN staff s ON s.id = a.requested_by
     WHERE a.status = 'pending' ORDER BY a.requested_at, a.id`,
  );
}
