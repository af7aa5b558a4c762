import type { FavouriteGames, RecentGame } from '#core/api/contract.ts';
import type { Queryable } from '../db/database.ts';
import { NotFound } from '../base/domain-errors.ts';

/** How many games "recently played" lists. */
export const RECENT_GAMES_LIMIT = 8;

/** The player's favourite games still listed, newest first. */
export async function listFavourites(db: Queryable, userId: number): Promise<FavouriteGames> {
  return db.query(
    `SELECT g.id, g.name, g.provider, g.image, g.category FROM favourite_games f JOIN games g ON g.id = f.game_id
     WHERE f.user_id = $1 AND NOT g.retired ORDER BY f.created_at DESC, g.id`,
    [userId],
  );
}

/** Stars a listed game; a second star changes nothing (not even its place). An unknown or retired game is 404. */
export async function addFavourite(db: Queryable, userId: number, gameId: string, now: Date): Promise<void> {
  const [game] = await db.query<{ id: string }>('SELECT id FROM games WHERE id = $1 AND NOT retired', [gameId]);
  if (!game) throw new NotFound('games.game_unknown');
  await db.query(
    `INSERT INTO favourite_games (user_id, game_id, created_at)
      VALUES ($1, $2, $3)
      ON CONFLICT (user_id, game_id) DO NOTHING`,
    [userId, gameId, now.toISOString()],
  );
}

/** Removes the star; removing one that is not there is fine. A game that never existed is 404. */
export async function removeFavourite(db: Queryable, userId: number, gameId: string): Promise<void> {
  const [game] = await db.query<{ id: string }>('SELECT id FROM games WHERE id = $1', [gameId]);
  if (!game) throw new NotFound('games.game_unknown');
  await db.query('DELETE FROM favourite_games WHERE user_id = $1 AND game_id = $2', [userId, gameId]);
}

/**
 * The games the player launched last with real money (one entry a game, by its latest launch),
 * and whether a multi-step round is still open in an unexpired session of it ("continue").
 */
export async function recentlyPlayed(db: Queryable, userId: number, now: Date): Promise<RecentGame[]> {
  const rows = await db.query<RecentGame & { played_at: Date | string }>(
    `SELECT g.id, g.name, g.provider, g.image, g.category, s.played_at,
            EXISTS (SELECT 1 FROM game_rounds r JOIN game_sessions o ON o.id = r.session_id
                    WHERE o.user_id = $1 AND o.game_id = g.id AND o.expires_at > $3 AND r.state = 'open') AS open_round
     FROM (SELECT game_id, max(created_at) AS played_at FROM game_sessions WHERE user_id = $1 GROUP BY game_id) s
     JOIN games g ON g.id = s.game_id
     WHERE NOT g.retired
     ORDER BY s.played_at DESC, g.id LIMIT $2`,
    [userId, RECENT_GAMES_LIMIT, now.toISOString()],
  );
  return rows.map((row) => ({ ...row, played_at: new Date(row.played_at).toISOString() }));
}

/**
 * The player's unexpired real session of this game with a round still open, if any: launching the
 * game again continues it there instead of opening a session beside it.
 */
export async function sessionWithOpenRound(
  db: Queryable,
  userId: number,
  gameId: string,
  now: Date,
): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `SELECT s.id FROM game_sessions s
     WHERE s.user_id = $1 AND s.game_id = $2 AND s.mode = 'real' AND s.expires_at > $3
       AND EXISTS (SELECT 1 FROM game_rounds r WHERE r.session_id = s.id AND r.state = 'open')
     ORDER BY s.created_at DESC LIMIT 1`,
    [userId, gameId, now.toISOString()],
  );
  return row?.id ?? null;
}
