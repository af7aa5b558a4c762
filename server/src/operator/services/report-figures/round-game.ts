/**
 * Which game a round's history item `t` was, as SQL joins and columns: a round of our own games
 * through `game_rounds` (its history item), a provider's round through `provider_rounds`; the
 * history item itself holds the game as it was shown (`params.game`): a name, or for older items the
 * game's id, looked up in the catalogue; kept as it is as the last resort (a game no longer listed).
 */
export const ROUND_GAME_JOINS = `LEFT JOIN game_rounds gr ON gr.transaction_id = t.id
  LEFT JOIN games g ON g.id = gr.game_id
  LEFT JOIN provider_rounds pr ON pr.history_id = t.id
  LEFT JOIN provider_games pg ON pg.provider_id = pr.provider_id AND pg.game_id = pr.game_id
  LEFT JOIN games gi ON gr.game_id IS NULL AND pr.game_id IS NULL AND gi.id = t.params->>'game'`;

export const ROUND_GAME_ID = `COALESCE(pr.game_id, gr.game_id, t.params->>'game')`;
export const ROUND_GAME_NAME = `COALESCE(pg.name, g.name, gi.name, t.params->>'game')`;
export const ROUND_PROVIDER = `COALESCE(pr.provider_id, g.provider, gi.provider)`;
/** The RTP the game's maker publishes, a percent; null where none is known. */
export const ROUND_PUBLISHED_RTP = `COALESCE(pg.rtp, NULLIF(g.rtp, '')::numeric, NULLIF(gi.rtp, '')::numeric)`;
