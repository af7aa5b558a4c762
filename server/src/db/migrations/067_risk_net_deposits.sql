-- Issue 39 (GB, UKGC SR 3.4.4): net deposits (deposits less withdrawals requested) in the market's window,
-- [{at, ref, amount}] with a withdrawal's amount negative, trimmed by the statement that appends to it;
-- and when the financial-vulnerability alert last fired, so it fires once per window.
ALTER TABLE risk_player_state ADD COLUMN net_deposits jsonb NOT NULL DEFAULT '[]';
ALTER TABLE risk_player_state ADD COLUMN net_deposits_alerted_at timestamptz;
