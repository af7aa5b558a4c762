-- The language a player reads the site in, for mail sent when they are not on the page (the
-- password-reset link, security notices). Set at registration and on each sign-in.
ALTER TABLE users ADD COLUMN locale text NOT NULL DEFAULT 'en';
-- Sign-up asks for both: only adults may play (the rules), and the player accepts the terms.
ALTER TABLE users ADD COLUMN date_of_birth date;
ALTER TABLE users ADD COLUMN terms_accepted_at timestamptz;

-- Password-reset links. Only a SHA-256 of each token is stored; a token works once (used_at) and
-- until PASSWORD_RESET_TIMEOUT after created_at. A successful reset deletes all of the player's.
CREATE TABLE password_reset_tokens (
  key_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_tokens_user_id ON password_reset_tokens (user_id);
CREATE INDEX password_reset_tokens_created_at ON password_reset_tokens (created_at);
