-- Issue 22: the game sound toggle is remembered per player, not per browser. Off by default; the
-- time it was last set comes from the server's clock (services.clock), NULL until the player sets it.
ALTER TABLE users ADD COLUMN game_sound boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN game_sound_set_at timestamptz;
