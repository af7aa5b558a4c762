-- Issue 11 "Play": game sessions, provably fair rounds, the operator wallet's transaction log,
-- bonus wagering and loyalty accrual.

-- Each seeded game is played with one of the three mechanics in src/games/.
ALTER TABLE games ADD COLUMN mechanic text NOT NULL DEFAULT 'slot' CHECK (mechanic IN ('dice', 'roulette', 'slot'));

-- Real-money stakes since the current bonus became active (wagering progress), and the fraction
-- of a loyalty point carried to the next bet (1 point per 1.00 staked).
ALTER TABLE users ADD COLUMN bonus_wagered numeric(14,2) NOT NULL DEFAULT 0 CHECK (bonus_wagered >= 0);
ALTER TABLE users ADD COLUMN loyalty_carry numeric(14,2) NOT NULL DEFAULT 0 CHECK (loyalty_carry >= 0 AND loyalty_carry < 1);

-- A round whose win equals its stake nets 0.00 and is still one history item.
ALTER TABLE transactions DROP CONSTRAINT transactions_amount_check;
ALTER TABLE transactions ADD CONSTRAINT transactions_amount_check CHECK (amount <> 0 OR type = 'game');

-- A launch: the id is the capability in the provider's URL. Demo sessions have no player and
-- their own play money; real sessions are bound to the player, the game and the currency.
CREATE TABLE game_sessions (
  id text PRIMARY KEY,
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  game_id text NOT NULL REFERENCES games(id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  currency text NOT NULL,
  locale text NOT NULL,
  demo_balance numeric(14,2) CHECK (demo_balance >= 0),
  server_seed text NOT NULL,
  server_seed_hash text NOT NULL,
  client_seed text NOT NULL,
  nonce integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  CHECK ((mode = 'real') = (user_id IS NOT NULL)),
  CHECK ((mode = 'demo') = (demo_balance IS NOT NULL))
);
CREATE INDEX game_sessions_expires ON game_sessions (expires_at);

-- Server seeds once rotated out: public from then on, so every round played with them verifies.
CREATE TABLE game_seed_reveals (
  server_seed_hash text PRIMARY KEY,
  server_seed text NOT NULL,
  revealed_at timestamptz NOT NULL DEFAULT now()
);

-- One row per round. Seeded background rounds (seed_key set) have no session or player id,
-- only a display name, and feed the lobby's popularity and winners like real ones.
CREATE TABLE game_rounds (
  id text PRIMARY KEY,
  seed_key text UNIQUE,
  session_id text REFERENCES game_sessions(id) ON DELETE CASCADE,
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  player text NOT NULL,
  game_id text NOT NULL REFERENCES games(id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  nonce integer NOT NULL,
  client_seed text NOT NULL,
  server_seed_hash text NOT NULL,
  bet jsonb NOT NULL,
  outcome jsonb NOT NULL,
  stake numeric(14,2) NOT NULL CHECK (stake > 0),
  win numeric(14,2) NOT NULL CHECK (win >= 0),
  currency text NOT NULL,
  transaction_id integer REFERENCES transactions(id),
  created_at timestamptz NOT NULL
);
CREATE INDEX game_rounds_session ON game_rounds (session_id, created_at DESC);
CREATE INDEX game_rounds_recent ON game_rounds (mode, created_at DESC);

-- The operator wallet's log: every bet, win and rollback by its transaction id, processed at most
-- once. A repeat answers the stored result; the same id with other content is refused.
CREATE TABLE wallet_transactions (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback')),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  round_id text NOT NULL,
  amount numeric(14,2) NOT NULL CHECK (amount >= 0),
  reference_id text,
  request_hash text NOT NULL,
  status text NOT NULL CHECK (status IN ('ok', 'insufficient_funds', 'refused')),
  balance numeric(14,2) NOT NULL,
  history_id integer REFERENCES transactions(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallet_transactions_round ON wallet_transactions (round_id);
CREATE INDEX wallet_transactions_reference ON wallet_transactions (reference_id);

-- The old arithmetic-sequence winners; the feed now comes from rounds.
DELETE FROM wins WHERE seed_key LIKE 'seed-%';
