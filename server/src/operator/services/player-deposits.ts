import type { Queryable } from '../../db/database.ts';
import type { PlayerDeposit } from '../player-deposit-model.ts';

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
