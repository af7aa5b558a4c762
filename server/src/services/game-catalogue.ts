import { randomBytes } from 'node:crypto';
import type { Game } from '#core/api/contract.ts';
import type { Queryable } from '../db/database.ts';
import type { MarketProfile } from '../markets/market-profile.ts';
import { offeredMechanicsParam, offeredSql } from './markets/market-rules.ts';
import { OFFERED_PROVIDER_GAMES } from './provider-client/offered-games.ts';

/** The game gateway's records: the player's id at the provider, the listed games and their order. */

/** The id the game provider knows the player by, made once and kept. */
export async function gatewayPlayerId(db: Queryable, userId: number): Promise<string> {
  const [row] = await db.query<{ gateway_player_id: string }>(
    'UPDATE users SET gateway_player_id = COALESCE(gateway_player_id, $2) WHERE id = $1 RETURNING gateway_player_id',
    [userId, `p_${randomBytes(8).toString('hex')}`],
  );
  return row!.gateway_player_id;
}

/** The game if it is listed (not retired), by its id. */
export async function listedGame(db: Queryable, gameId: string): Promise<{ id: string; mechanic: string } | undefined> {
  const [game] = await db.query<{ id: string; mechanic: string }>(
    'SELECT id, mechanic FROM games WHERE id = $1 AND NOT retired',
    [gameId],
  );
  return game;
}

/** The currency of the player's account, which their real sessions play in. */
export async function playerCurrency(db: Queryable, userId: number): Promise<string> {
  const [user] = await db.query<{ currency: string }>('SELECT currency FROM users WHERE id = $1', [userId]);
  return user!.currency;
}

/** Ties a real game session to the sign-in that launched it: it lives only as long as that sign-in. */
export async function bindSessionToSignIn(db: Queryable, sessionId: string, tokenHash: string): Promise<void> {
  await db.query('UPDATE game_sessions SET auth_token_hash = $2 WHERE id = $1', [sessionId, tokenHash]);
}

/**
 * The `limit` most played games the market offers, by real-money rounds of the last `days`, then by the
 * catalogue's own order.
 */
export function popularGames(
  db: Queryable,
  now: Date,
  limit: number,
  days: number,
  market: MarketProfile,
): Promise<Game[]> {
  return db.query<Game>(
    `SELECT g.id, g.name, g.provider, g.image, g.category FROM games g
     LEFT JOIN (SELECT game_id, count(*) AS rounds FROM game_rounds
                WHERE mode = 'real' AND created_at > $2::timestamptz - make_interval(days => $3) GROUP BY game_id) r ON
                r.game_id = g.id
     WHERE NOT g.retired AND ${offeredSql('g.mechanic', '$4')}
     ORDER BY COALESCE(r.rounds, 0) DESC, g.popularity DESC, g.id LIMIT $1`,
    [limit, now.toISOString(), days, offeredMechanicsParam(market)],
  );
}

export interface ListedGameRow {
  id: string;
  name: string;
  provider: string;
  image: string;
  category: Game['category'];
  mechanic: string;
  rtp: string;
  volatility: string | null;
  /** A provider game's stake range and demo flag from its catalogue; null for our own games. */
  min_bet: string | null;
  max_bet: string | null;
  demo: boolean | null;
}

/**
 * Every listed game of the category (all of them without one) that the market offers: our own by popularity, with the
 * catalogue's published rtp and volatility (core/games/catalogue.ts, written by the seed), then the
 * games providers offer (provider-client/offered-games.ts), named in `locale` where their catalogue
 * has a name for it.
 */
export function listedGames(
  db: Queryable,
  category: string | undefined,
  locale: string,
  market: MarketProfile,
): Promise<ListedGameRow[]> {
  return db.query<ListedGameRow>(
    `SELECT id, name, provider, image, category, mechanic, rtp, volatility, min_bet, max_bet, demo FROM (
       SELECT id, name, provider, image, category, mechanic, rtp::text AS rtp, volatility, NULL::text AS min_bet,
         NULL::text AS max_bet, NULL::boolean AS demo, 0 AS source, popularity, '' AS provider_order
       FROM games WHERE NOT retired
       UNION ALL
       SELECT game_id, COALESCE(names->>$2, name), provider_id, image, category, mechanic, rtp::text, volatility,
         min_bet::text, max_bet::text, demo, 1, 0, provider_id
       FROM (${OFFERED_PROVIDER_GAMES}) offered
     ) listed
     WHERE ($1::text IS NULL OR category = $1) AND ${offeredSql('mechanic', '$3')}
     ORDER BY source, popularity DESC, provider_order, id`,
    [category ?? null, locale, offeredMechanicsParam(market)],
  );
}
