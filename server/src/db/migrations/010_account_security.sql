-- Sessions: one token per sign-in, each with an id the player can name to sign it out, and the
-- device and masked address recorded at sign-in (never the full address: the list only has to
-- let a player recognise their own devices).
ALTER TABLE auth_tokens ADD COLUMN id integer GENERATED ALWAYS AS IDENTITY;
CREATE UNIQUE INDEX auth_tokens_id ON auth_tokens (id);
CREATE INDEX auth_tokens_user_id ON auth_tokens (user_id);
ALTER TABLE auth_tokens ADD COLUMN device text NOT NULL DEFAULT '';
ALTER TABLE auth_tokens ADD COLUMN ip text NOT NULL DEFAULT '';

-- Two-factor sign-in (TOTP). The secret is stored encrypted (AES-256-GCM). A row without
-- confirmed_at is a set-up waiting for its first code. last_step is the last 30-second step whose
-- code was accepted: a code is taken by one conditional UPDATE (last_step < step), so it is never
-- accepted twice, even by two parallel requests.
CREATE TABLE two_factor (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret text NOT NULL,
  confirmed_at timestamptz,
  last_step bigint NOT NULL DEFAULT -1
);

-- Backup codes: only their hashes; used_at is set by one conditional UPDATE, so each works once.
CREATE TABLE two_factor_backup_codes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz
);
CREATE INDEX two_factor_backup_codes_user ON two_factor_backup_codes (user_id, code_hash);
