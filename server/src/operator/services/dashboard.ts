import type { Database, Queryable } from '../../db/database.ts';
import { ADJUSTMENT_AMOUNT, BONUS_COST_AMOUNT, ngrOf } from './report-figures/ngr.ts';
import { ROUND_GAME_ID, ROUND_GAME_JOINS, ROUND_GAME_NAME } from './report-figures/round-game.ts';

/**
 * The dashboard's figures, all computed in SQL from the ledger (money is NUMERIC; sums are exact
 * and rounded to cents in SQL, never added up in JavaScript):
 * - deposits: cash credited for deposits;
 * - withdrawals requested: cash debited when players asked; paid: withdrawals approved (decided) in the range;
 * - bets / wins: ledger debits / credits of game rounds that were not rolled back (a rollback is a refund, not a win);
 * - GGR = bets − wins; bonus cost, staff adjustments and NGR as the reports count them (report-figures/ngr.ts);
 * - new players joined in the range; active players played at least one round (not rolled back) in it.
 * Days are UTC days.
 */
export interface Range {
  /** Instants, [from, to). */
  from: string;
  to: string;
}

export interface Money {
  deposits: string;
  withdrawals_requested: string;
  withdrawals_paid: string;
  bets: string;
  wins: string;
  ggr: string;
  bonus_cost: string;
  adjustments: string;
  ngr: string;
}
export interface CurrencyFigures extends Money {
  currency: string;
}
export interface DayFigures extends Money {
  day: string;
  currency: string;
}
export interface GameFigures {
  game: string;
  name: string | null;
  currency: string;
  rounds: number;
  players: number;
  bets: string;
  wins: string;
  ggr: string;
}

const c2 = (expression: string) => `COALESCE(${expression}, 0)::numeric(14,2)::text`;

/**
 * Ledger movements per currency and UTC day in the range, and the totals per currency, in one scan
 * (GROUPING SETS); withdrawals paid come from the decisions in the same range.
 */
async function moneyFigures(db: Queryable, range: Range) {
  return db.query<Money & { currency: string; day: string | null }>(
    `WITH moves AS (
       SELECT u.currency, (l.created_at AT TIME ZONE 'UTC')::date AS day,
              sum(l.amount) FILTER (WHERE t.type = 'deposit' AND l.amount > 0) AS deposits,
              -sum(l.amount) FILTER (WHERE t.type = 'withdrawal' AND l.amount < 0) AS withdrawals_requested,
              0::numeric AS withdrawals_paid,
              -sum(l.amount) FILTER (WHERE t.type = 'game' AND t.status <> 'cancelled' AND l.amount < 0) AS bets,
              sum(l.amount) FILTER (WHERE t.type = 'game' AND t.status <> 'cancelled' AND l.amount > 0) AS wins,
              sum(${BONUS_COST_AMOUNT}) AS bonus_cost, sum(${ADJUSTMENT_AMOUNT}) AS adjustments
       FROM ledger l JOIN transactions t ON t.id = l.transaction_id JOIN users u ON u.id = l.user_id
       WHERE l.created_at >= $1::timestamptz AND l.created_at < $2::timestamptz
       GROUP BY 1, 2
       UNION ALL
       SELECT u.currency, (t.decided_at AT TIME ZONE 'UTC')::date, NULL, NULL, sum(-t.amount), NULL, NULL, NULL, NULL
       FROM transactions t JOIN users u ON u.id = t.user_id
       WHERE t.type = 'withdrawal' AND t.status = 'completed' AND t.decided_at >= $1::timestamptz AND t.decided_at <
       $2::timestamptz
       GROUP BY 1, 2
     ), figures AS (
       SELECT currency, day::text AS day, COALESCE(sum(deposits), 0) AS deposits, COALESCE(sum(withdrawals_requested),
       0) AS withdrawals_requested,
              COALESCE(sum(withdrawals_paid), 0) AS withdrawals_paid, COALESCE(sum(bets), 0) AS bets,
              COALESCE(sum(wins), 0) AS wins,
              COALESCE(sum(bonus_cost), 0) AS bonus_cost, COALESCE(sum(adjustments), 0) AS adjustments
       FROM moves GROUP BY GROUPING SETS ((currency, day), (currency))
     )
     SELECT currency, day, ${c2('deposits')} AS deposits, ${c2('withdrawals_requested')} AS withdrawals_requested,
            ${c2('withdrawals_paid')} AS withdrawals_paid, ${c2('bets')} AS bets, ${c2('wins')} AS wins,
            ${c2('bets - wins')} AS ggr,
            ${c2('bonus_cost')} AS bonus_cost, ${c2('adjustments')} AS adjustments,
            ${c2(ngrOf('bets - wins', 'bonus_cost', 'adjustments'))} AS ngr
     FROM figures ORDER BY currency, day NULLS FIRST`,
    [range.from, range.to],
  );
}

/**
 * Bets, wins and GGR per game (rounds and players too), from the ledger rows of the rounds: first
 * one row per round, then per game — and, as the empty grouping set, the players of all games
 * (the active players), so the range is scanned once. A round is grouped by the primary keys of
 * its history item and its player (integers, hashed), and its game and currency are read once
 * per round (they depend on those keys), not once per ledger row. The game's id and name come from
 * the round's own record (round-game.ts): the history item holds only the name it was shown under.
 */
async function gameRows(db: Queryable, range: Range) {
  return db.query<GameFigures & { total: boolean }>(
    `WITH rounds AS (
       SELECT t.id AS item, u.currency, u.id AS user_id,
              -sum(l.amount) FILTER (WHERE l.amount < 0) AS bets, sum(l.amount) FILTER (WHERE l.amount > 0) AS wins
       FROM ledger l JOIN transactions t ON t.id = l.transaction_id JOIN users u ON u.id = l.user_id
       WHERE l.created_at >= $1::timestamptz AND l.created_at < $2::timestamptz AND t.type = 'game' AND t.status <>
       'cancelled'
       GROUP BY t.id, u.id
     ), named AS (
       SELECT r.*, ${ROUND_GAME_ID} AS game, ${ROUND_GAME_NAME} AS name
       FROM rounds r JOIN transactions t ON t.id = r.item ${ROUND_GAME_JOINS}
     )
     SELECT r.game, r.name, r.currency, GROUPING(r.game) = 1 AS total, count(*)::int AS rounds, count(DISTINCT
     r.user_id)::int AS players,
            ${c2('sum(r.bets)')} AS bets, ${c2('sum(r.wins)')} AS wins,
            ${c2('COALESCE(sum(r.bets), 0) - COALESCE(sum(r.wins), 0)')} AS ggr
     FROM named r
     GROUP BY GROUPING SETS ((r.game, r.name, r.currency), ())
     ORDER BY GROUPING(r.game), COALESCE(sum(r.bets), 0) - COALESCE(sum(r.wins), 0) DESC, r.game`,
    [range.from, range.to],
  );
}

/**
 * Runs one of the range scans on PGlite with room to aggregate in memory: with the default 4 MB
 * a month of rounds is grouped by an external sort, the slowest part of the page there.
 * `SET LOCAL` lasts for this read-only transaction only. PostgreSQL keeps its own setting: measured
 * on the bench data set, its sort was as fast as or faster than the larger hash table.
 */
const roomy = <T>(db: Queryable, read: (tx: Queryable) => Promise<T>): Promise<T> =>
  (db as Partial<Database>).kind === 'pglite'
    ? (db as Database).transaction(async (tx) => {
        await tx.query(`SET LOCAL work_mem = '${WORK_MEM}'`);
        return read(tx);
      })
    : read(db);
/** Enough for the rounds of 100,000 ledger rows (about 20 MB of hash table) and far below the process's memory. */
const WORK_MEM = '32MB';

/** The per-game table (most GGR first). */
export const gameFigures = async (db: Queryable, range: Range): Promise<GameFigures[]> =>
  (await roomy(db, (tx) => gameRows(tx, range))).filter((row) => !row.total).map(({ total: _total, ...row }) => row);

export interface Dashboard {
  totals: CurrencyFigures[];
  days: DayFigures[];
  games: GameFigures[];
  players: { new_players: number; active_players: number };
  pending: {
    withdrawals: { currency: string; count: number; amount: string }[];
    verifications: number;
    adjustments: number;
    closed_payouts: number;
  };
}

export async function dashboard(db: Queryable, range: Range): Promise<Dashboard> {
  // Side by side on PostgreSQL (the pool has several connections); one after the other on PGlite (one connection).
  const newPlayers = () =>
    db.query<{ new_players: number }>(
      `SELECT count(*)::int AS new_players
        FROM users
        WHERE date_joined >= $1::timestamptz AND date_joined < $2::timestamptz`,
      [range.from, range.to],
    );
  const [figures, games, [joined]] =
    (db as { kind?: string }).kind === 'postgres'
      ? await Promise.all([
          roomy(db, (tx) => moneyFigures(tx, range)),
          roomy(db, (tx) => gameRows(tx, range)),
          newPlayers(),
        ])
      : [
          await roomy(db, (tx) => moneyFigures(tx, range)),
          await roomy(db, (tx) => gameRows(tx, range)),
          await newPlayers(),
        ];
  // Active: played at least one round (not rolled back) in the range; the empty grouping set above.
  const players = { new_players: joined!.new_players, active_players: games.find((row) => row.total)?.players ?? 0 };
  const withdrawals = await db.query<{ currency: string; count: number; amount: string }>(
    `SELECT u.currency, count(*)::int AS count, ${c2('sum(-t.amount)')} AS amount FROM transactions t JOIN users u ON
      u.id = t.user_id
     WHERE t.type = 'withdrawal' AND t.status = 'pending' GROUP BY u.currency ORDER BY u.currency`,
  );
  // Closed-account payouts: provider wins credited after the account closed, for staff to pay out.
  const [queues] = await db.query<{ verifications: number; adjustments: number; closed_payouts: number }>(
    `SELECT (SELECT count(*) FROM identity_verifications WHERE status = 'pending')::int AS verifications,
            (SELECT count(*) FROM balance_adjustments WHERE status = 'pending')::int AS adjustments,
            (SELECT count(*) FROM closed_account_payouts WHERE done_at IS NULL)::int AS closed_payouts`,
  );
  return {
    totals: figures.filter((row) => row.day === null).map(({ day: _day, ...row }) => row),
    days: figures.filter((row): row is DayFigures & { day: string } => row.day !== null),
    games: games.filter((row) => !row.total).map(({ total: _total, ...row }) => row),
    players,
    pending: { withdrawals, ...queues! },
  };
}
