-- Issue 41: cashback, paid once per player, offer and period. The unique key is what makes it once:
-- two API nodes or a retried claim insert the same row, and only the first one pays.
CREATE TABLE cashback_payouts (
  id serial PRIMARY KEY,
  offer_id integer NOT NULL REFERENCES offers(id),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  net_loss numeric(14, 2) NOT NULL,
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  transaction_id integer REFERENCES transactions(id),
  paid_at timestamptz NOT NULL,
  UNIQUE (offer_id, user_id, period_start)
);
