-- Issue 29 "The player's own account": changing the email address, and closing the account.

-- An email change waits for the link mailed to the new address. Only a SHA-256 of the token is
-- stored; it works once (used_at) and until ACTIVATION_TIMEOUT after created_at, like an
-- activation link (both prove that a mailbox is the player's).
-- The table is the one staff email changes use (migration 027); a player's own request has no
-- staff member behind it.
ALTER TABLE email_changes ALTER COLUMN staff_id DROP NOT NULL;
CREATE INDEX email_changes_created_at ON email_changes (created_at);

-- A closed account (POST /api/user/close) signs in like an unknown one. Its personal data not kept
-- for legal reasons is pseudonymised ACCOUNT_RETENTION_DAYS after closed_at (erased_at set then);
-- until then its address stays taken (the unique index), so it cannot register again.
ALTER TABLE users ADD COLUMN closed_at timestamptz;
ALTER TABLE users ADD COLUMN close_reason text;
ALTER TABLE users ADD COLUMN erased_at timestamptz;
CREATE INDEX users_closed_pending_erasure ON users (closed_at) WHERE closed_at IS NOT NULL AND erased_at IS NULL;
