-- Issue 23: a player's favourite games (the lobby's first row and the star on each tile and on
-- /play). One row per player and game; adding twice or removing a game not there changes nothing.
CREATE TABLE favourite_games (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  game_id text NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, game_id)
);

-- "Recently played": a player's real sessions, newest first.
CREATE INDEX game_sessions_player_recent ON game_sessions (user_id, created_at DESC) WHERE user_id IS NOT NULL;
