-- Identity verification (issue 14): a player sends a document; staff approve or reject it. The
-- player's status is their newest submission's (none without one). The files are stored in the
-- database, outside any public path and shared by every API node, and are only served to staff.
CREATE TABLE identity_verifications (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  document_type text NOT NULL CHECK (document_type IN ('passport', 'id_card', 'driving_licence')),
  status text NOT NULL CHECK (status IN ('pending', 'verified', 'rejected')),
  -- Why staff rejected it, shown to the player.
  reason text,
  submitted_at timestamptz NOT NULL,
  reviewed_at timestamptz,
  -- The staff member who decided (staff accounts come with the operator console).
  reviewed_by integer
);
CREATE INDEX identity_verifications_user ON identity_verifications (user_id, submitted_at DESC);
CREATE INDEX identity_verifications_pending ON identity_verifications (submitted_at) WHERE status = 'pending';

CREATE TABLE identity_documents (
  verification_id uuid NOT NULL REFERENCES identity_verifications(id) ON DELETE CASCADE,
  side text NOT NULL CHECK (side IN ('front', 'back')),
  -- Detected from the magic bytes, never from the file name or the declared type.
  mime text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'application/pdf')),
  size integer NOT NULL CHECK (size > 0),
  content bytea NOT NULL,
  PRIMARY KEY (verification_id, side)
);
