-- Issue 25 "Back office II": staff accounts are managed without SQL. A disabled account cannot
-- sign in and its sessions end; the list shows each account's last completed sign-in.
ALTER TABLE staff ADD COLUMN disabled_at timestamptz;
ALTER TABLE staff ADD COLUMN last_sign_in_at timestamptz;
