-- Attempt counters for sign-in and registration limits, one row per key and fixed window. Each
-- attempt increments its row in one INSERT … ON CONFLICT DO UPDATE and reads the new count, so
-- parallel requests cannot all slip under the limit (they could with count-then-insert).
CREATE TABLE rate_counters (
  key text PRIMARY KEY,
  count integer NOT NULL,
  window_start timestamptz NOT NULL
);
CREATE INDEX rate_counters_window_start ON rate_counters (window_start);

-- Replaced by rate_counters; it grew by one row per failed sign-in and was never pruned.
DROP TABLE IF EXISTS login_failures;

-- Tokens expire after TOKEN_IDLE_DAYS without use and TOKEN_MAX_AGE_DAYS after sign-in.
ALTER TABLE auth_tokens ADD COLUMN last_used_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX auth_tokens_last_used_at ON auth_tokens (last_used_at);
