-- Issue 37 section 2: a provider's win that arrives after the account closed is credited (money owed
-- must land) and leaves a task for the back office to pay it out, since the closed player can no
-- longer ask for a withdrawal. One row per such win; `done_at` is set when staff have paid it.
CREATE TABLE closed_account_payouts (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider_id text NOT NULL,
  round_id text NOT NULL,
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  created_at timestamptz NOT NULL,
  done_at timestamptz
);
CREATE INDEX closed_account_payouts_open ON closed_account_payouts (created_at) WHERE done_at IS NULL;
