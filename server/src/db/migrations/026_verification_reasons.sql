-- Issue 24: a rejected identity document carries a reason code the player reads in their own
-- language (`verification.reason_<code>` in the api message set); `reason` keeps the staff note
-- that goes with "other". Rows from before have a reason text and no code.
ALTER TABLE identity_verifications ADD COLUMN reason_code text
  CHECK (reason_code IN ('blurred', 'expired', 'name_mismatch', 'not_accepted_type', 'other'));
