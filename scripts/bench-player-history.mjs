// The player page's history at scale (issue 43): one player with 60,000 history items (rounds of
// 20 games, deposits one in ten, bonuses and adjustments one in fifty each) beside the bench's
// 5,000 small players. Times the newest page, filtered pages, a page deep in the history by its
// cursor, and on PostgreSQL prints the plan of the rarest kind's page (EXPLAIN ANALYZE).
import { playerHistory } from '../server/src/operator/services/player-history.ts';

const ITEMS = 60_000;

/**
 * @param {import('../server/src/db/database.ts').Database} db
 * @param {(path: string, runs?: number) => Promise<number[]>} timed
 * @param {{ start: string, games: string[] }} data
 */
export async function historyPages(db, timed, { start, games }) {
  const [{ id: heavy }] = /** @type {[{ id: number }]} */ (
    await db.query(
      `INSERT INTO users (email, username, first_name, password_hash, currency, referral_code, date_joined,
        activated_at)
       VALUES ('bench-heavy@example.test', 'bench_heavy', 'Heavy', 'x', 'EUR', 'BENCHHEAVY', $1, $1) RETURNING id`,
      [start],
    )
  );
  await db.query(
    `INSERT INTO transactions (user_id, type, amount, status, template, params, created_at)
     SELECT $1, CASE WHEN i % 10 = 0 THEN 'deposit' WHEN i % 50 = 1 THEN 'bonus' WHEN i % 50 = 2 THEN 'adjustment'
                     ELSE 'game' END,
            1 + i % 20, 'completed', 'games.history_round',
            jsonb_build_object('game', ($3::text[])[1 + i % array_length($3::text[], 1)]),
            $2::timestamptz + i * interval '40 seconds'
     FROM generate_series(1, ${ITEMS}) i`,
    [heavy, start, games],
  );
  await db.query('ANALYZE transactions');
  const [{ middle }] = /** @type {[{ middle: number }]} */ (
    await db.query(
      `SELECT id AS middle FROM transactions WHERE user_id = $1 ORDER BY created_at DESC, id DESC OFFSET 30000 LIMIT 1`,
      [heavy],
    )
  );
  console.log(`history: player ${heavy} with ${ITEMS} items`);
  await timed(`/operator/players/${heavy}`);
  await timed(`/operator/players/${heavy}?before=${middle}`);
  await timed(`/operator/players/${heavy}?kind=rounds&game=${encodeURIComponent(games[3] ?? '')}`);
  await timed(`/operator/players/${heavy}?kind=adjustments`);
  await timed(`/operator/players/${heavy}?kind=adjustments&before=${middle}`);
  await timed(`/operator/players/${heavy}?kind=deposits&from=2000-01-01&to=2000-01-31`);
  if (db.kind !== 'postgres') return;
  /** @type {import('../server/src/db/database.ts').Queryable} */
  const explaining = {
    query: async (sql, params) => {
      if (sql.trimStart().startsWith('SELECT t.id')) {
        const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
        console.log(plan.map((row) => `  ${row['QUERY PLAN']}`).join('\n'));
      }
      return db.query(sql, params);
    },
  };
  for (const kind of /** @type {const} */ (['adjustments', 'deposits'])) {
    console.log(`plan of kind=${kind}, a page deep in the history:`);
    await playerHistory(explaining, heavy, { kind, start: null, end: null, game: '', before: middle, after: null });
  }
}
