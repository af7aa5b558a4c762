-- Account activation (issue 13: registration says nothing about existing accounts). A new
-- account is inactive until the link mailed to its address is opened. Accounts that existed
-- before this migration, and every account not made by registration (the demo player, seeds),
-- are active: the default fills them in. Registration inserts NULL.
ALTER TABLE users ADD COLUMN activated_at timestamptz DEFAULT now();
-- Set by the first successful sign-in (registration inserts NULL): that sign-in answers
-- `first_sign_in`, so the site welcomes the new player there, wherever they sign in first.
ALTER TABLE users ADD COLUMN first_signed_in_at timestamptz DEFAULT now();

-- Activation links use the password-reset links' table and code (one-time, SHA-256 stored,
-- expiring): `purpose` tells them apart, each with its own timeout.
ALTER TABLE password_reset_tokens ADD COLUMN purpose text NOT NULL DEFAULT 'password_reset' CHECK (purpose IN ('password_reset', 'activation'));
