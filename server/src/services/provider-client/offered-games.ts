import type { Queryable } from '../../db/database.ts';

/**
 * The provider games the site offers: enabled, of an active provider, with a fetched catalogue
 * entry (its rtp). An id is one game on the site: one of our own games keeps its id (and its path),
 * and when two providers publish the same id, the first provider by id offers it.
 */
export const OFFERED_PROVIDER_GAMES = `
  SELECT DISTINCT ON (g.game_id) g.* FROM provider_games g
    JOIN game_providers p ON p.id = g.provider_id AND p.status = 'active'
  WHERE g.enabled AND g.rtp IS NOT NULL AND NOT EXISTS (SELECT 1 FROM games own WHERE own.id = g.game_id)
  ORDER BY g.game_id, g.provider_id`;

export interface OfferedProviderGame {
  providerId: string;
  gameId: string;
  /** The catalogue offers a demo mode (`demo`); without it only real money launches. */
  demo: boolean;
  /** The catalogue's mechanic (`slot`, `roulette`, …), empty when it states none: the market's rules read it. */
  mechanic: string;
}

/** The provider game the site offers under this id, if any. */
export async function offeredProviderGame(db: Queryable, gameId: string): Promise<OfferedProviderGame | undefined> {
  const [game] = await db.query<OfferedProviderGame>(
    `SELECT provider_id AS "providerId", game_id AS "gameId", demo, mechanic FROM (${OFFERED_PROVIDER_GAMES}) offered
     WHERE game_id = $1`,
    [gameId],
  );
  return game;
}
