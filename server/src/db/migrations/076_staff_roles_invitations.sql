-- Issue 43 item 7 "Staff and roles": six roles (server/src/operator/permissions.ts says what each
-- may do) and staff invited from the console.
ALTER TABLE staff DROP CONSTRAINT staff_role_check;
ALTER TABLE staff ADD CONSTRAINT staff_role_check
  CHECK (role IN ('admin', 'support', 'risk', 'payments', 'content', 'marketing'));

-- An invitation an admin mailed: only a SHA-256 of its token is kept. It works once (accepted_at),
-- until expires_at, unless revoked; accepting it creates the staff account (staff_id).
CREATE TABLE staff_invitations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'support', 'risk', 'payments', 'content', 'marketing')),
  token_hash text NOT NULL UNIQUE,
  invited_by integer NOT NULL REFERENCES staff(id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  revoked_at timestamptz,
  staff_id integer REFERENCES staff(id)
);
CREATE INDEX staff_invitations_email ON staff_invitations (email);
