import type { Queryable } from '../../db/database.ts';

/** One of the player's deposits as the player page lists it, with the provider's reference and any reversal. */
export interface PlayerDeposit {
  id: string;
  amount: string;
  method: string;
  status: string;
  provider_reference: string | null;
  created_at: Date | string;
  /** What a chargeback could take from the balance; null when the deposit was not reversed. */
  recovered: string | null;
  reversal_reason: string | null;
}

/** The player's latest 50 deposits, newest first (the payments list has them all). */
export const playerDeposits = (db: Queryable, userId: number) =>
  db.query<PlayerDeposit>(
    `SELECT p.id, p.amount::text, p.method, p.status, p.provider_reference, p.created_at,
       r.recovered::text AS recovered, r.reason AS reversal_reason
     FROM payments p LEFT JOIN payment_reversals r ON r.payment_id = p.id
     WHERE p.user_id = $1
     ORDER BY p.created_at DESC, p.id DESC
     LIMIT 50`,
    [userId],
  );
