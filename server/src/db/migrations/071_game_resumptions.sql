-- Issue 39 (CA-ON, AGCO standard 4.02): each time a player's unfinished game is resumed (a real launch that
-- continues the session whose round is still open), when, which session and which round.
CREATE TABLE game_resumptions (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  game_id text NOT NULL,
  session_id text NOT NULL,
  round_id text NOT NULL,
  resumed_at timestamptz NOT NULL
);
CREATE INDEX game_resumptions_user ON game_resumptions (user_id, resumed_at DESC);
