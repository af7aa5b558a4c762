/**
 * Which game a round's history item `t` was, as SQL joins and columns: a round of our own games
 * through `game_rounds` (its history item), a provider's round through `provider_rounds`; the
 * history item itself holds only the game's display name (`params.game`), kept as the last resort
 * (rounds written before either table linked them, or data written straight into the ledger).
 */
export const ROUND_GAME_JOINS = `LEFT JOIN game_rounds gr ON gr.transaction_id = t.id
  LEFT JOIN games g ON g.id = gr.game_id
  LEFT JOIN provider_rounds pr ON pr.history_id = t.id
  LEFT JOIN provider_games pg ON pg.provider_id = pr.provider_id AND pg.game_id = pr.game_id`;

export const ROUND_GAME_ID = `COALESCE(pr.game_id, gr.game_id, t.params->>'game')`;
export const ROUND_GAME_NAME = `COALESCE(pg.name, g.name, t.params->>'game')`;
export const ROUND_PROVIDER = `COALESCE(pr.provider_id, g.provider)`;
/** The RTP the game's maker publishes, a percent; null where none is known. */
export const ROUND_PUBLISHED_RTP = `COALESCE(pg.rtp, NULLIF(g.rtp, '')::numeric)`;
