-- Issue 21: every game is what its name says. Baccarat gets its own mechanic (the others the
-- multi-step engine adds are allowed here too, so the two changes can land in either order), and
-- each catalogue entry carries its published RTP (percent, a decimal string with two decimals)
-- and, for slots, its volatility. server/src/db/seed.ts fills them from src/games/catalogue.ts.
ALTER TABLE games DROP CONSTRAINT IF EXISTS games_mechanic_check;
ALTER TABLE games ADD CONSTRAINT games_mechanic_check
  CHECK (mechanic IN ('dice', 'roulette', 'slot', 'baccarat', 'blackjack', 'mines', 'crash'));
ALTER TABLE games ADD COLUMN IF NOT EXISTS rtp text NOT NULL DEFAULT '' CHECK (rtp = '' OR rtp ~ '^[0-9]{1,3}\.[0-9]{2}$');
ALTER TABLE games ADD COLUMN IF NOT EXISTS volatility text CHECK (volatility IN ('low', 'medium', 'high'));

-- "Live Roulette" had no live element: it becomes French Roulette (la partage), under a new id
-- that does not say live. Its sessions, rounds and winners move with it; its rounds keep their
-- recorded bets, which carry no la_partage flag, so they still verify under the rules they were
-- played with.
INSERT INTO games (id, name, provider, image, category, popularity, mechanic)
  SELECT 'french-roulette', 'French Roulette', 'Velvet Tables', '/games/french-roulette.svg', 'table', popularity, 'roulette'
  FROM games WHERE id = 'live-roulette'
  ON CONFLICT (id) DO NOTHING;
UPDATE game_sessions SET game_id = 'french-roulette' WHERE game_id = 'live-roulette';
UPDATE game_rounds SET game_id = 'french-roulette' WHERE game_id = 'live-roulette';
UPDATE wins SET game_id = 'french-roulette' WHERE game_id = 'live-roulette';
DELETE FROM games WHERE id = 'live-roulette';
