-- Issue 43 item 4: payments in the back office. Each payment keeps the payment provider's own
-- reference; a completed deposit may be charged back (the player's bank took it back) or refunded
-- to its method by staff, once; a chargeback holds the player's withdrawals; an admin may void a
-- settled round.

-- The provider's reference for the payment, recorded when the provider confirms it. NULL for a
-- payment the provider never confirmed (pending or cancelled) and for those made before this file.
ALTER TABLE payments ADD COLUMN provider_reference text;

ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check
  CHECK (status IN ('pending', 'completed', 'cancelled', 'charged_back', 'refunded'));

-- One reversal per deposit: the primary key makes a second chargeback or refund of the same
-- deposit impossible, even from two nodes at once. `recovered` is what the balance could cover
-- (the balance never goes below zero); `amount` − `recovered` is what the player still owes.
CREATE TABLE payment_reversals (
  payment_id uuid PRIMARY KEY REFERENCES payments(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('chargeback', 'refund')),
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  recovered numeric(14,2) NOT NULL CHECK (recovered >= 0 AND recovered <= amount),
  -- The history item of the debit; NULL when nothing could be recovered.
  transaction_id integer REFERENCES transactions(id),
  reason text NOT NULL,
  staff_id integer NOT NULL REFERENCES staff(id),
  created_at timestamptz NOT NULL
);

-- While set, the player's withdrawals are held: new ones are refused and pending ones cannot be
-- approved. Set by a chargeback; an admin lifts it.
ALTER TABLE users ADD COLUMN withdrawals_held_at timestamptz;
ALTER TABLE users ADD COLUMN withdrawals_held_reason text;

-- A settled round an admin voided (with a reason): its stake went back and its win was taken back
-- through the ledger, against the round's history item, which shows as voided. Once only.
ALTER TABLE provider_rounds DROP CONSTRAINT provider_rounds_state_check;
ALTER TABLE provider_rounds ADD CONSTRAINT provider_rounds_state_check CHECK (state IN ('open', 'settled', 'voided'));
ALTER TABLE provider_rounds ADD COLUMN voided_at timestamptz;
ALTER TABLE provider_rounds ADD COLUMN voided_by integer REFERENCES staff(id);
ALTER TABLE provider_rounds ADD COLUMN void_reason text;

ALTER TABLE transactions DROP CONSTRAINT transactions_status_check;
ALTER TABLE transactions ADD CONSTRAINT transactions_status_check
  CHECK (status IN ('pending', 'completed', 'cancelled', 'voided'));

ALTER TABLE game_rounds DROP CONSTRAINT game_rounds_state_check;
ALTER TABLE game_rounds ADD CONSTRAINT game_rounds_state_check CHECK (state IN ('open', 'settled', 'voided'));
ALTER TABLE game_rounds ADD COLUMN voided_at timestamptz;
ALTER TABLE game_rounds ADD COLUMN voided_by integer REFERENCES staff(id);
ALTER TABLE game_rounds ADD COLUMN void_reason text;

-- A round is found by its history item (the player page's history rows, the void).
CREATE INDEX game_rounds_history ON game_rounds (transaction_id) WHERE transaction_id IS NOT NULL;
CREATE INDEX provider_rounds_history ON provider_rounds (history_id) WHERE history_id IS NOT NULL;
