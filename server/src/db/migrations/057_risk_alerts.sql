-- Issue 42: the risk desk. Rules are evaluated as events happen (services/risk/), never by
-- rescanning the ledger: each player's running counters live in one row, updated by one statement
-- per event, and a rule that fires opens (or updates) an alert that staff work through.

-- Running state per player. The windows are JSON arrays of {at, ...} trimmed to their window by
-- the same statement that appends to them, so a row stays small however long the player plays.
CREATE TABLE risk_player_state (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  -- The newest completed deposit not yet followed by a withdrawal (0: none), and the stakes
  -- settled since it: a withdrawal with little play in between is a deposit-withdraw cycle.
  last_deposit_amount numeric(14,2) NOT NULL DEFAULT 0,
  last_deposit_ref text,
  wagered_since_deposit numeric(14,2) NOT NULL DEFAULT 0,
  -- Completed deposits in the last 30 days: [{at, ref, amount}].
  deposits jsonb NOT NULL DEFAULT '[]',
  -- Deposit-withdraw cycles in the last 30 days: [{at, deposit, withdrawal}].
  cycles jsonb NOT NULL DEFAULT '[]',
  -- When a settled round last left the cash balance at zero.
  zero_balance_at timestamptz,
  -- Re-deposits soon after the balance reached zero, in the last 24 hours: [{at, ref}].
  rapid_redeposits jsonb NOT NULL DEFAULT '[]'
);

CREATE TABLE risk_alerts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  rule_id text NOT NULL,
  severity text NOT NULL CHECK (severity IN ('low', 'medium', 'high')),
  -- What triggered it: the events' ids (payments, withdrawals, documents) and linked accounts.
  evidence jsonb NOT NULL,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'assigned', 'resolved')),
  assignee integer REFERENCES staff(id),
  outcome text CHECK (outcome IN ('no_action', 'interaction_made', 'limits_applied', 'source_of_funds_requested',
    'account_suspended', 'reported')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  resolved_at timestamptz
);
-- One unresolved alert per player and rule: a rule firing again updates it rather than adding one.
CREATE UNIQUE INDEX risk_alerts_one_open ON risk_alerts (user_id, rule_id) WHERE state <> 'resolved';
CREATE INDEX risk_alerts_queue ON risk_alerts (state, created_at);

CREATE TABLE risk_alert_notes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  alert_id integer NOT NULL REFERENCES risk_alerts(id) ON DELETE CASCADE,
  staff_id integer NOT NULL REFERENCES staff(id),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL
);
CREATE INDEX risk_alert_notes_alert ON risk_alert_notes (alert_id, created_at);

-- The same identity document uploaded by two accounts is found by its file's SHA-256 (hex).
ALTER TABLE identity_documents ADD COLUMN sha256 text;
CREATE INDEX identity_documents_sha256 ON identity_documents (sha256) WHERE sha256 IS NOT NULL;

-- A staff role that works the alerts queue.
ALTER TABLE staff DROP CONSTRAINT staff_role_check;
ALTER TABLE staff ADD CONSTRAINT staff_role_check CHECK (role IN ('admin', 'support', 'risk'));
