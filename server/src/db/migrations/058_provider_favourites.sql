-- Issue 37: a provider's game can be a favourite, as our own can. A game's id on the site is one of our
-- games or a provider's game id (offered-games.ts), so a favourite names its provider beside the id
-- (null for our own games) and goes when that provider or its game leaves the registry.
ALTER TABLE favourite_games DROP CONSTRAINT favourite_games_game_id_fkey;
ALTER TABLE favourite_games ADD COLUMN provider_id text;
ALTER TABLE favourite_games ADD CONSTRAINT favourite_games_provider_game_fkey
  FOREIGN KEY (provider_id, game_id) REFERENCES provider_games (provider_id, game_id) ON DELETE CASCADE;

-- "Recently played" for a provider's games: the player's real-money launches (wallet tokens), newest first.
CREATE INDEX wallet_tokens_player_recent ON wallet_tokens (user_id, created_at DESC);
