-- Anonymous demo play must not grow the database without bound (issue 20, item 7): a revealed
-- seed remembers its session, so housekeeping deletes an expired demo session with its rounds
-- (ON DELETE CASCADE) and its reveals. Real sessions' reveals stay: they verify the player's record.
ALTER TABLE game_seed_reveals ADD COLUMN session_id text;
CREATE INDEX game_seed_reveals_session ON game_seed_reveals (session_id) WHERE session_id IS NOT NULL;
CREATE INDEX game_sessions_demo_expiry ON game_sessions (expires_at) WHERE mode = 'demo';
