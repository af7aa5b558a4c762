-- Issue 24: staff change a player's email address. The change waits for the player to open the
-- link mailed to the new address (only a SHA-256 of its token is kept); the old address gets a
-- notice. `staff_id` is who asked, for the audit row written when the link is used.
CREATE TABLE email_changes (
  key_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  new_email text NOT NULL,
  staff_id integer NOT NULL REFERENCES staff(id),
  created_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_changes_user ON email_changes (user_id);
