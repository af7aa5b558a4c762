import type { Queryable } from '../../../db/database.ts';
import type { Range } from '../dashboard.ts';

/**
 * Per UTC day of the period: players who joined, first-time depositors (players whose first
 * deposit credit ever fell that day), and conversion: of the players who joined that day, those
 * who had deposited by the period's end, and their share in percent (one decimal, rounded in SQL).
 */
export interface ConversionDay {
  day: string;
  registered: number;
  first_depositors: number;
  converted: number;
  /** Null on a day nobody joined. */
  conversion: string | null;
}

export const conversionByDay = (db: Queryable, range: Range) =>
  db.query<ConversionDay>(
    `WITH firsts AS (
       SELECT l.user_id, min(l.created_at) AS first_at FROM ledger l JOIN transactions t ON t.id = l.transaction_id
       WHERE t.type = 'deposit' AND l.amount > 0 AND l.created_at < $2::timestamptz GROUP BY l.user_id
     ),
     days AS (
       SELECT (u.date_joined AT TIME ZONE 'UTC')::date AS day, 1 AS registered, 0 AS first_depositor,
              (f.first_at IS NOT NULL)::int AS converted
       FROM users u LEFT JOIN firsts f ON f.user_id = u.id
       WHERE u.date_joined >= $1::timestamptz AND u.date_joined < $2::timestamptz
       UNION ALL
       SELECT (f.first_at AT TIME ZONE 'UTC')::date, 0, 1, 0 FROM firsts f WHERE f.first_at >= $1::timestamptz
     )
     SELECT day::text AS day, sum(registered)::int AS registered, sum(first_depositor)::int AS first_depositors,
            sum(converted)::int AS converted,
            (round(100.0 * sum(converted) / NULLIF(sum(registered), 0), 1))::text AS conversion
     FROM days GROUP BY day ORDER BY day`,
    [range.from, range.to],
  );
