import type { Queryable } from '../../db/database.ts';
import type { LifetimeFigures } from '../player-lifetime-model.ts';

/** A player's lifetime money, summed and rounded in SQL (NUMERIC), as decimal strings. */
/**
 * The player page's lifetime figures, from the player's ledger rows with the dashboard's
 * definitions (server/src/operator/services/dashboard.ts): deposits are cash credited by deposits;
 * withdrawals are cash debited by withdrawals that were paid (`completed`: a pending one may still
 * come back); net = deposits − withdrawals; GGR = bets − wins of rounds not rolled back; bonus cost
 * is cash credited by bonuses (released) and referral rewards.
 */
export async function lifetimeFigures(db: Queryable, userId: number): Promise<LifetimeFigures> {
  const [row] = await db.query<LifetimeFigures>(
    `WITH sums AS (
       SELECT COALESCE(sum(l.amount) FILTER (WHERE t.type = 'deposit' AND l.amount > 0), 0) AS deposits,
              COALESCE(-sum(l.amount) FILTER (WHERE t.type = 'withdrawal' AND t.status = 'completed'
                AND l.amount < 0), 0) AS withdrawals,
              COALESCE(-sum(l.amount) FILTER (WHERE t.type = 'game' AND t.status <> 'cancelled'), 0) AS ggr,
              COALESCE(sum(l.amount) FILTER (WHERE t.type IN ('bonus', 'referral') AND l.account = 'cash'
                AND l.amount > 0), 0) AS bonus_cost
       FROM ledger l JOIN transactions t ON t.id = l.transaction_id
       WHERE l.user_id = $1
     )
     SELECT deposits::numeric(14,2)::text AS deposits, withdrawals::numeric(14,2)::text AS withdrawals,
            (deposits - withdrawals)::numeric(14,2)::text AS net, ggr::numeric(14,2)::text AS ggr,
            bonus_cost::numeric(14,2)::text AS bonus_cost
     FROM sums`,
    [userId],
  );
  return row!;
}

/** Whole days since the account was made, by the server's clock. */
export const accountAgeDays = (joined: Date | string, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - new Date(joined).getTime()) / 86_400_000));
