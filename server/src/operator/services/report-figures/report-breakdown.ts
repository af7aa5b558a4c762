import type { Queryable } from '../../../db/database.ts';
import type { Range } from '../dashboard.ts';
import { ADJUSTMENT_AMOUNT, BONUS_COST_AMOUNT, ngrOf } from './ngr.ts';

/**
 * Money and players of a period split by a dimension of the player, per currency, summed and
 * rounded in SQL (NUMERIC) with the dashboard's definitions, plus staff adjustments:
 * - deposits: cash credited by deposit items; depositors: players with such a credit;
 * - GGR = bets − wins of rounds not rolled back; bonus cost, staff adjustments and NGR as ngr.ts counts them;
 * - new players: joined in the period.
 */
export interface BreakdownRow {
  key: string | null;
  currency: string;
  new_players: number;
  depositors: number;
  deposits: string;
  ggr: string;
  bonus_cost: string;
  adjustments: string;
  ngr: string;
}

/** Every player's first deposit method: the method of their oldest deposit credit (null: never deposited). */
const FIRST_METHOD = `SELECT DISTINCT ON (t.user_id) t.user_id, t.method FROM transactions t
  JOIN ledger l ON l.transaction_id = t.id AND l.amount > 0 WHERE t.type = 'deposit'
  ORDER BY t.user_id, l.created_at, l.id`;

/**
 * The dimensions. By country: the player's country of residence (null for accounts made before it
 * was asked). By method: a deposit counts for its own method; everything else a player did (play,
 * bonuses, adjustments, joining) for the method of their first deposit, the way they came in (null:
 * no deposit yet).
 */
const DIMENSIONS = {
  country: { player: 'u.country', move: 'u.country' },
  method: { player: 'f.method', move: "CASE WHEN t.type = 'deposit' THEN t.method ELSE f.method END" },
} as const;
export type Dimension = keyof typeof DIMENSIONS;

const c2 = (expression: string) => `COALESCE(${expression}, 0)::numeric(14,2)::text`;

export function breakdown(db: Queryable, range: Range, dimension: Dimension): Promise<BreakdownRow[]> {
  const { player, move } = DIMENSIONS[dimension];
  return db.query<BreakdownRow>(
    `WITH firsts AS (${FIRST_METHOD}),
     moves AS (
       SELECT ${move} AS key, u.currency, NULL::int AS joined,
              CASE WHEN t.type = 'deposit' AND l.amount > 0 THEN l.user_id END AS depositor,
              CASE WHEN t.type = 'deposit' AND l.amount > 0 THEN l.amount END AS deposit,
              CASE WHEN t.type = 'game' AND t.status <> 'cancelled' THEN -l.amount END AS ggr,
              ${BONUS_COST_AMOUNT} AS bonus,
              ${ADJUSTMENT_AMOUNT} AS adjustment
       FROM ledger l JOIN transactions t ON t.id = l.transaction_id JOIN users u ON u.id = l.user_id
       LEFT JOIN firsts f ON f.user_id = l.user_id
       WHERE l.created_at >= $1::timestamptz AND l.created_at < $2::timestamptz
       UNION ALL
       SELECT ${player}, u.currency, u.id, NULL, NULL, NULL, NULL, NULL
       FROM users u LEFT JOIN firsts f ON f.user_id = u.id
       WHERE u.date_joined >= $1::timestamptz AND u.date_joined < $2::timestamptz
     )
     SELECT key, currency, count(joined)::int AS new_players, count(DISTINCT depositor)::int AS depositors,
            ${c2('sum(deposit)')} AS deposits, ${c2('sum(ggr)')} AS ggr, ${c2('sum(bonus)')} AS bonus_cost,
            ${c2('sum(adjustment)')} AS adjustments,
            ${c2(ngrOf('sum(ggr)', 'sum(bonus)', 'sum(adjustment)'))} AS ngr
     FROM moves GROUP BY key, currency
     ORDER BY currency, COALESCE(sum(deposit), 0) DESC, key NULLS LAST`,
    [range.from, range.to],
  );
}
