-- Issue 39: the checks a licensed market asks for (docs/markets.md).
-- Issue 39 (GB, UKGC SR 3.4.4): net deposits (deposits less withdrawals requested) in the market's window,
-- [{at, ref, amount}] with a withdrawal's amount negative, trimmed by the statement that appends to it;
-- and when the financial-vulnerability alert last fired, so it fires once per window.
ALTER TABLE risk_player_state ADD COLUMN net_deposits jsonb NOT NULL DEFAULT '[]';
ALTER TABLE risk_player_state ADD COLUMN net_deposits_alerted_at timestamptz;

-- Issue 39 (NL): when the player was last told that a window's use of a limit reached a share of it
-- (50 %, 100 %), so each share is told once per window of that limit.
CREATE TABLE rg_limit_alerts (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL,
  period text NOT NULL,
  percent integer NOT NULL,
  alerted_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind, period, percent)
);
