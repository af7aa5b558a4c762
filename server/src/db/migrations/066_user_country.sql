-- Issue 39: the player's country of residence (ISO 3166-1 alpha-2), asked at registration, so a
-- licensed market can refuse countries its licence does not cover. Accounts made before it have none.
ALTER TABLE users ADD COLUMN country text CHECK (country ~ '^[A-Z]{2}$');
