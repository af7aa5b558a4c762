-- Issue 25 "Back office II": player search by sign-up and sign-in address, and possible duplicate
-- accounts (same address, same payout destination) on the player page.
ALTER TABLE users ADD COLUMN signup_ip text;
CREATE INDEX users_signup_ip ON users (signup_ip) WHERE signup_ip IS NOT NULL;

-- Every address a player signed in from (a session's own row ends with the session; this stays).
CREATE TABLE sign_in_addresses (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  ip text NOT NULL,
  first_seen_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, ip)
);
CREATE INDEX sign_in_addresses_ip ON sign_in_addresses (ip);
CREATE INDEX transactions_destination ON transactions (destination) WHERE type = 'withdrawal' AND destination IS NOT NULL;
