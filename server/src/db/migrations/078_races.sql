-- Issue 41: races. A race ranks players by the real-money stakes they settle on its games during its
-- period; its prize table pays by position at the end, once.
CREATE TABLE races (
  id serial PRIMARY KEY,
  name text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  -- Eligible games: these ids, and every game of these categories.
  game_ids text[] NOT NULL DEFAULT '{}',
  categories text[] NOT NULL DEFAULT '{}',
  -- [{"position": 1, "amount": "100.00", "kind": "cash" | "bonus"}, ...], positions 1..n.
  prizes jsonb NOT NULL,
  -- The wagering multiple of a bonus prize.
  bonus_multiplier integer NOT NULL DEFAULT 1 CHECK (bonus_multiplier BETWEEN 0 AND 100),
  created_by integer,
  created_at timestamptz NOT NULL,
  -- Set by the one settlement that claims the race (a conditional UPDATE): its prizes are paid.
  settled_at timestamptz
);
CREATE INDEX races_unsettled ON races (ends_at) WHERE settled_at IS NULL;

-- Ties rank by who reached the amount first: `reached_order` is taken from one sequence at each
-- stake that raised the entry, so a later stake always ranks behind an earlier one of the same total.
CREATE SEQUENCE race_entry_order;
CREATE TABLE race_entries (
  race_id integer NOT NULL REFERENCES races(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  wagered numeric(14, 2) NOT NULL CHECK (wagered > 0),
  reached_at timestamptz NOT NULL,
  reached_order bigint NOT NULL,
  PRIMARY KEY (race_id, user_id)
);
CREATE INDEX race_entries_rank ON race_entries (race_id, wagered DESC, reached_order);

-- One row per prize paid; the keys make a second payment impossible even outside the claim.
CREATE TABLE race_prizes (
  race_id integer NOT NULL REFERENCES races(id) ON DELETE CASCADE,
  position integer NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  kind text NOT NULL CHECK (kind IN ('cash', 'bonus')),
  transaction_id integer REFERENCES transactions(id),
  paid_at timestamptz NOT NULL,
  PRIMARY KEY (race_id, position),
  UNIQUE (race_id, user_id)
);
