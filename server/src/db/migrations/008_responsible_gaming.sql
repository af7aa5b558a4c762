-- Issue 12 "Safer gambling": deposit and loss limits with cooling-off, reality checks,
-- time-out and self-exclusion. Every rule is enforced by the server.

-- One row per player, kind and period. `amount` is the limit in force (NULL: none); a raise or
-- removal waits in `pending_*` until `pending_at` (RG_COOLING_OFF_HOURS after it was asked for).
CREATE TABLE rg_limits (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('deposit', 'loss')),
  period text NOT NULL CHECK (period IN ('day', 'week', 'month')),
  amount numeric(14,2) CHECK (amount > 0),
  pending_amount numeric(14,2) CHECK (pending_amount > 0),
  pending_at timestamptz,
  PRIMARY KEY (user_id, kind, period)
);

-- NULL: reality checks off. Values are checked by the API (a test setting may allow 1 minute).
ALTER TABLE users ADD COLUMN reality_check_minutes integer DEFAULT 60 CHECK (reality_check_minutes > 0);
ALTER TABLE users ADD COLUMN time_out_until timestamptz;
ALTER TABLE users ADD COLUMN self_excluded_until timestamptz;

-- The last reality-check acknowledgement of a sign-in; its start is the token's created_at.
ALTER TABLE auth_tokens ADD COLUMN reality_ack_at timestamptz;

CREATE INDEX payments_user_created ON payments (user_id, created_at);
CREATE INDEX game_rounds_user_created ON game_rounds (user_id, created_at) WHERE mode = 'real';
