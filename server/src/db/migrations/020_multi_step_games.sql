-- Issue 20 (loss limits count open stakes) and issue 21 (multi-step rounds: blackjack, mines, crash).

-- The mechanic is checked by the code (src/games/mechanics.ts); the list grows with the games.
ALTER TABLE games DROP CONSTRAINT IF EXISTS games_mechanic_check;

-- A round is written when its stake is taken (state 'open', win 0) and settled once: a loss limit
-- then counts the open stake as lost until the round settles. Multi-step rounds record their
-- actions (each with the page's action_id, so a repeat is not played twice).
ALTER TABLE game_rounds ADD COLUMN state text NOT NULL DEFAULT 'settled' CHECK (state IN ('open', 'settled'));
ALTER TABLE game_rounds ADD COLUMN actions jsonb NOT NULL DEFAULT '[]';
ALTER TABLE game_rounds ADD COLUMN settled_at timestamptz;
CREATE INDEX game_rounds_open ON game_rounds (session_id) WHERE state = 'open';

-- Provably fair order: the next server seed is committed (its hash shown) before the player
-- chooses the client seed it will be paired with.
ALTER TABLE game_sessions ADD COLUMN next_server_seed text;
ALTER TABLE game_sessions ADD COLUMN next_server_seed_hash text;

-- A double or a split adds stake to a round's bet: 'raise', referencing the round's bet.
ALTER TABLE wallet_transactions DROP CONSTRAINT IF EXISTS wallet_transactions_kind_check;
ALTER TABLE wallet_transactions ADD CONSTRAINT wallet_transactions_kind_check CHECK (kind IN ('bet', 'win', 'rollback', 'raise'));
