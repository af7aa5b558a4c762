-- Issue 24 "Back office I": what staff may do to a player's account and money, each on the record
-- (staff_audit). Suspension, balance adjustments (with a second approval above a threshold),
-- bonus grants with their own wagering multiplier, and responsible-gambling interactions.

-- A suspended account cannot sign in; suspending ends its tokens and game sessions. NULL: active.
ALTER TABLE users ADD COLUMN suspended_at timestamptz;
ALTER TABLE users ADD COLUMN suspended_reason text;

-- A bonus granted by staff carries its own wagering multiplier; NULL: the configured one.
-- Cleared when the bonus is released or forfeited.
ALTER TABLE users ADD COLUMN bonus_multiplier integer CHECK (bonus_multiplier BETWEEN 1 AND 100);

-- Staff balance adjustments are their own kind of history item.
ALTER TABLE transactions DROP CONSTRAINT transactions_type_check;
ALTER TABLE transactions ADD CONSTRAINT transactions_type_check
  CHECK (type IN ('deposit', 'withdrawal', 'bonus', 'referral', 'game', 'adjustment'));

-- A credit (amount > 0) or debit (amount < 0) of cash asked for by a staff member. `token` is the
-- form's idempotency token: the same submission repeated (double click, parallel posts) is one
-- adjustment. Above ADJUSTMENT_SECOND_APPROVAL it waits ('pending') for a second admin who is not
-- the requester; 'applied' once the ledger has it; 'declined' by the second admin, or when a
-- debit no longer fits the balance.
CREATE TABLE balance_adjustments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  amount numeric(14,2) NOT NULL CHECK (amount <> 0),
  reason text NOT NULL CHECK (reason IN ('goodwill', 'correction', 'chargeback', 'other')),
  note text NOT NULL,
  token text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('pending', 'applied', 'declined')),
  requested_by integer NOT NULL REFERENCES staff(id),
  requested_at timestamptz NOT NULL,
  decided_by integer REFERENCES staff(id),
  decided_at timestamptz,
  transaction_id integer REFERENCES transactions(id),
  CHECK (decided_by IS NULL OR decided_by <> requested_by)
);
CREATE INDEX balance_adjustments_user ON balance_adjustments (user_id, requested_at DESC);

-- A safer-gambling conversation or contact with the player, kept on their record.
CREATE TABLE rg_interactions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  staff_id integer NOT NULL REFERENCES staff(id),
  kind text NOT NULL CHECK (kind IN ('phone', 'email', 'chat', 'in_person', 'other')),
  note text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX rg_interactions_user ON rg_interactions (user_id, created_at DESC);
