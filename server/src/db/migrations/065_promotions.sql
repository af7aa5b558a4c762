-- Issue 41: promotions. Marketing consent is off by default and each change is kept (who, when,
-- from where), so the operator can show when a player agreed to receive offers. The record goes
-- with its account (the purge of accounts never activated deletes them), as the player's other rows do.
ALTER TABLE users ADD COLUMN marketing_consent boolean NOT NULL DEFAULT false;
CREATE TABLE marketing_consent_changes (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  consent boolean NOT NULL,
  source text NOT NULL CHECK (source IN ('registration', 'profile')),
  changed_at timestamptz NOT NULL
);
CREATE INDEX marketing_consent_changes_user ON marketing_consent_changes (user_id, changed_at);

-- Offer templates staff create. A deposit match pays match_percent of the qualifying deposit up to
-- cap as bonus money with a wagering multiple; games maps each eligible game to its contribution
-- (percent). A cashback pays cashback_percent of net losses over period_days as cash.
CREATE TABLE offers (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('deposit_match', 'cashback')),
  name text NOT NULL,
  match_percent numeric(6, 2),
  cap numeric(14, 2),
  wagering_multiple integer,
  max_stake numeric(14, 2),
  expiry_days integer,
  games jsonb NOT NULL DEFAULT '{}',
  cashback_percent numeric(6, 2),
  period_days integer,
  created_by integer,
  created_at timestamptz NOT NULL
);

-- A player's taken offer: waiting for its qualifying deposit, then wagering, then completed,
-- forfeited or expired. One open take per player (the unique index), so two racing accepts
-- cannot both succeed.
CREATE TABLE offer_takes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  offer_id integer NOT NULL REFERENCES offers(id),
  status text NOT NULL CHECK (status IN ('waiting', 'wagering', 'completed', 'forfeited', 'expired')),
  bonus numeric(14, 2),
  accepted_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE UNIQUE INDEX offer_takes_one_open ON offer_takes (user_id) WHERE status IN ('waiting', 'wagering');
