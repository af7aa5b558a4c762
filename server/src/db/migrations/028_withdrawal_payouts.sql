-- Issue 24: how a withdrawal was paid, as staff recorded it when they approved it: the payout
-- reference (bank reference or transaction hash) and, for a refund on self-exclusion (which has
-- no destination from the player), the method and the masked destination staff paid to.
CREATE TABLE withdrawal_payouts (
  transaction_id integer PRIMARY KEY REFERENCES transactions(id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('card', 'bank_transfer', 'crypto')),
  destination text NOT NULL,
  payout_reference text NOT NULL,
  staff_id integer NOT NULL REFERENCES staff(id),
  paid_at timestamptz NOT NULL
);
