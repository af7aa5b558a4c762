-- A pending deposit expires: the demo payment page refuses it afterwards, and history shows it as
-- cancelled. The deadline is stored at creation, so every API node agrees on it and a later change
-- of PAYMENT_EXPIRY_MINUTES does not move the deadline of payments already made.
ALTER TABLE payments ADD COLUMN expires_at timestamptz;
UPDATE payments SET expires_at = created_at + interval '30 minutes';
ALTER TABLE payments ALTER COLUMN expires_at SET NOT NULL;
CREATE INDEX payments_pending_expiry ON payments (user_id, expires_at) WHERE status = 'pending';
