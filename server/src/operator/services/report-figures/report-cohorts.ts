import type { Queryable } from '../../../db/database.ts';
import type { Range } from '../dashboard.ts';

/**
 * Retention by week of registration: the players who joined in each UTC week (Monday first) of the
 * period, and in that week and each later one up to the period's end, how many played at least one
 * round (not rolled back), with their share of the cohort in percent (one decimal, rounded in SQL).
 */
export interface CohortCell {
  /** The cohort's Monday. */
  cohort: string;
  size: number;
  /** 0 = the week they joined. */
  week: number;
  active: number;
  share: string;
}

export const retentionCohorts = (db: Queryable, range: Range) =>
  db.query<CohortCell>(
    `WITH cohort AS (
       SELECT u.id, date_trunc('week', u.date_joined AT TIME ZONE 'UTC')::date AS week
       FROM users u WHERE u.date_joined >= $1::timestamptz AND u.date_joined < $2::timestamptz
     ),
     sizes AS (SELECT week, count(*)::int AS size FROM cohort GROUP BY week),
     played AS (
       SELECT DISTINCT c.week, c.id, (date_trunc('week', l.created_at AT TIME ZONE 'UTC')::date - c.week) / 7 AS later
       FROM cohort c JOIN ledger l ON l.user_id = c.id JOIN transactions t ON t.id = l.transaction_id
       WHERE t.type = 'game' AND t.status <> 'cancelled' AND l.created_at >= $1::timestamptz
         AND l.created_at < $2::timestamptz
     ),
     weeks AS (
       SELECT s.week, s.size, n AS later FROM sizes s,
         generate_series(0, (date_trunc('week', ($2::timestamptz - interval '1 microsecond') AT TIME ZONE 'UTC')::date
           - s.week) / 7) n
     )
     SELECT w.week::text AS cohort, w.size, w.later AS week, count(p.id)::int AS active,
            round(100.0 * count(p.id) / w.size, 1)::text AS share
     FROM weeks w LEFT JOIN played p ON p.week = w.week AND p.later = w.later
     GROUP BY w.week, w.size, w.later ORDER BY w.week, w.later`,
    [range.from, range.to],
  );
