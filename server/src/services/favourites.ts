import type { FavouriteGames, RecentGame } from '#core/api/contract.ts';
import type { Locale } from '#core/i18n/locales.ts';
import type { Queryable } from '../db/database.ts';
import { NotFound } from '../base/domain-errors.ts';
import { OFFERED_PROVIDER_GAMES, offeredProviderGame } from './provider-client/offered-games.ts';

/** How many games "recently played" lists. */
export const RECENT_GAMES_LIMIT = 8;

/**
 * The player's favourite games still listed (ours not retired, a provider's still offered), newest
 * first; a provider's game under its name in `locale` when its catalogue gives one, as the lobby shows it.
 */
export async function listFavourites(db: Queryable, userId: number, locale: Locale): Promise<FavouriteGames> {
  return db.query(
    `SELECT id, name, provider, image, category FROM (
       SELECT g.id, g.name, g.provider, g.image, g.category, f.created_at
       FROM favourite_games f JOIN games g ON g.id = f.game_id
       WHERE f.user_id = $1 AND f.provider_id IS NULL AND NOT g.retired
       UNION ALL
       SELECT o.game_id, COALESCE(o.names->>$2, o.name), o.provider_id, o.image, o.category, f.created_at
       FROM favourite_games f
         JOIN (${OFFERED_PROVIDER_GAMES}) o ON o.provider_id = f.provider_id AND o.game_id = f.game_id
       WHERE f.user_id = $1
     ) favourites ORDER BY created_at DESC, id`,
    [userId, locale],
  );
}

/**
 * Stars a listed game, ours or the provider's game the site offers under that id (stored with its
 * provider); a second star changes nothing (not even its place). An unknown or retired game is 404.
 */
export async function addFavourite(db: Queryable, userId: number, gameId: string, now: Date): Promise<void> {
  const [own] = await db.query<{ id: string }>('SELECT id FROM games WHERE id = $1 AND NOT retired', [gameId]);
  const offered = own ? undefined : await offeredProviderGame(db, gameId);
  if (!own && !offered) throw new NotFound('games.game_unknown');
  await db.query(
    `INSERT INTO favourite_games (user_id, game_id, provider_id, created_at)
      VALUES ($1, $2, $3, $4)
      ON CONFLICT (user_id, game_id) DO NOTHING`,
    [userId, gameId, offered?.providerId ?? null, now.toISOString()],
  );
}

/**
 * Removes the star; removing one that is not there is fine. A game that never existed (ours or a
 * provider's) is 404.
 */
export async function removeFavourite(db: Queryable, userId: number, gameId: string): Promise<void> {
  const [game] = await db.query<{ id: string }>(
    'SELECT id FROM games WHERE id = $1 UNION ALL SELECT game_id FROM provider_games WHERE game_id = $1 LIMIT 1',
    [gameId],
  );
  if (!game) throw new NotFound('games.game_unknown');
  await db.query('DELETE FROM favourite_games WHERE user_id = $1 AND game_id = $2', [userId, gameId]);
}

/**
 * The games the player launched last with real money (one entry a game, by its latest launch: a
 * session of ours, a wallet token of a provider's), and whether a round is still open ("continue"):
 * a multi-step round of ours in an unexpired session, or a provider's round not yet finished. A
 * provider's game is named in `locale` when its catalogue gives that name.
 */
export async function recentlyPlayed(db: Queryable, userId: number, now: Date, locale: Locale): Promise<RecentGame[]> {
  const rows = await db.query<RecentGame & { played_at: Date | string }>(
    `SELECT id, name, provider, image, category, played_at, open_round FROM (
       SELECT g.id, g.name, g.provider, g.image, g.category, s.played_at,
              EXISTS (SELECT 1 FROM game_rounds r JOIN game_sessions o ON o.id = r.session_id
                      WHERE o.user_id = $1 AND o.game_id = g.id AND o.expires_at > $3 AND r.state = 'open')
                AS open_round
       FROM (SELECT game_id, max(created_at) AS played_at FROM game_sessions WHERE user_id = $1 GROUP BY game_id) s
       JOIN games g ON g.id = s.game_id
       WHERE NOT g.retired
       UNION ALL
       SELECT o.game_id, COALESCE(o.names->>$4, o.name), o.provider_id, o.image, o.category, t.played_at,
              EXISTS (SELECT 1 FROM provider_rounds r
                      WHERE r.user_id = $1 AND r.provider_id = o.provider_id AND r.game_id = o.game_id
                        AND r.state = 'open') AS open_round
       FROM (SELECT provider_id, game_id, max(created_at) AS played_at FROM wallet_tokens WHERE user_id = $1
             GROUP BY provider_id, game_id) t
       JOIN (${OFFERED_PROVIDER_GAMES}) o ON o.provider_id = t.provider_id AND o.game_id = t.game_id
     ) recent
     ORDER BY played_at DESC, id LIMIT $2`,
    [userId, RECENT_GAMES_LIMIT, now.toISOString(), locale],
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
