import type { Queryable } from '../../../db/database.ts';
import type { GameFigures, Range } from '../dashboard.ts';
import { ROUND_GAME_ID, ROUND_GAME_JOINS, ROUND_GAME_NAME, ROUND_PROVIDER, ROUND_PUBLISHED_RTP } from './round-game.ts';

/**
 * Games, and providers, over a period per currency: rounds (not rolled back) with ledger rows in
 * it, players, bets, wins, GGR, and the RTP observed (wins ÷ bets, in percent, two decimals,
 * rounded in SQL) beside the one published (for a provider: the range of its games').
 */
export interface GameReportRow extends Omit<GameFigures, 'game'> {
  provider: string | null;
  /** Null on a provider's line. */
  game: string | null;
  observed_rtp: string | null;
  published_min: string | null;
  published_max: string | null;
}

const c2 = (expression: string) => `COALESCE(${expression}, 0)::numeric(14,2)::text`;

export const gameReport = (db: Queryable, range: Range) =>
  db.query<GameReportRow & { provider_line: boolean }>(
    `WITH rounds AS (
       SELECT t.id, l.user_id, u.currency,
              -sum(l.amount) FILTER (WHERE l.amount < 0) AS bets, sum(l.amount) FILTER (WHERE l.amount > 0) AS wins
       FROM ledger l JOIN transactions t ON t.id = l.transaction_id JOIN users u ON u.id = l.user_id
       WHERE l.created_at >= $1::timestamptz AND l.created_at < $2::timestamptz AND t.type = 'game'
         AND t.status <> 'cancelled'
       GROUP BY t.id, l.user_id, u.currency
     ),
     named AS (
       SELECT r.*, ${ROUND_PROVIDER} AS provider, ${ROUND_GAME_ID} AS game, ${ROUND_GAME_NAME} AS name,
              ${ROUND_PUBLISHED_RTP} AS published
       FROM rounds r JOIN transactions t ON t.id = r.id ${ROUND_GAME_JOINS}
     )
     SELECT provider, game, name, currency, GROUPING(game) = 1 AS provider_line, count(*)::int AS rounds,
            count(DISTINCT user_id)::int AS players, ${c2('sum(bets)')} AS bets, ${c2('sum(wins)')} AS wins,
            ${c2('COALESCE(sum(bets), 0) - COALESCE(sum(wins), 0)')} AS ggr,
            round(100 * COALESCE(sum(wins), 0) / NULLIF(sum(bets), 0), 2)::text AS observed_rtp,
            min(published)::numeric(5,2)::text AS published_min, max(published)::numeric(5,2)::text AS published_max
     FROM named
     GROUP BY GROUPING SETS ((provider, currency), (provider, game, name, currency))
     ORDER BY currency, provider NULLS LAST, GROUPING(game) DESC, COALESCE(sum(bets), 0) DESC, game`,
    [range.from, range.to],
  );
