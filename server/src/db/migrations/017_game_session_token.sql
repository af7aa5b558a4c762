-- A real-money game session belongs to the sign-in that launched it (issue 20, item 5): when that
-- token ends (sign-out, "sign out everywhere", password reset or change, time-out, exclusion),
-- its game sessions end too. Not a foreign key: the token row is deleted, the session is kept for
-- its rounds' record and answers 410 from then on.
ALTER TABLE game_sessions ADD COLUMN auth_token_hash text;
CREATE INDEX game_sessions_auth_token ON game_sessions (auth_token_hash) WHERE auth_token_hash IS NOT NULL;
