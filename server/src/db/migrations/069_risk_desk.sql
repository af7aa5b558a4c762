-- Issue 42 (the risk desk): an interaction recorded from an alert names it, so the alert shows it and
-- resolving with "interaction made" can point to it.
ALTER TABLE rg_interactions ADD COLUMN alert_id integer REFERENCES risk_alerts(id) ON DELETE SET NULL;
CREATE INDEX rg_interactions_alert ON rg_interactions (alert_id) WHERE alert_id IS NOT NULL;
ALTER TABLE risk_alerts ADD COLUMN interaction_id integer REFERENCES rg_interactions(id) ON DELETE SET NULL;

-- Issue 42: staff ask a player for their source of funds; the player uploads documents (the verification
-- flow, document type `source_of_funds`); staff mark it reviewed. One request is outstanding at a time.
CREATE TABLE source_of_funds_requests (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  requested_by integer NOT NULL REFERENCES staff(id),
  requested_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'requested' CHECK (state IN ('requested', 'reviewed')),
  reviewed_by integer REFERENCES staff(id),
  reviewed_at timestamptz
);
CREATE UNIQUE INDEX source_of_funds_one_outstanding ON source_of_funds_requests (user_id) WHERE state = 'requested';
CREATE INDEX source_of_funds_user ON source_of_funds_requests (user_id, requested_at DESC);
