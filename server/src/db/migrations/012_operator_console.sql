-- Issue 14 "Operator console": staff accounts (apart from players), their sessions and second
-- factor, the audit log of every staff action, and staff notes on players.

-- A staff member signs in with a password and a TOTP code. A new account has a one-time password
-- (must_change_password) and no second factor yet: the first sign-in changes the one, enrols the other.
CREATE TABLE staff (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'support')),
  password_hash text NOT NULL,
  must_change_password boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX staff_email ON staff (email);

-- The same shape as the players' two_factor table (services/two-factor.ts works on both).
CREATE TABLE staff_two_factor (
  staff_id integer PRIMARY KEY REFERENCES staff(id) ON DELETE CASCADE,
  secret text NOT NULL,
  confirmed_at timestamptz,
  last_step bigint NOT NULL DEFAULT -1
);

-- A console session: only a SHA-256 of the cookie's value is stored. `stage` is how far the
-- sign-in got (a new password, then the second factor, then the console). It ends 30 minutes
-- after its last use.
CREATE TABLE staff_sessions (
  key_hash text PRIMARY KEY,
  staff_id integer NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  stage text NOT NULL CHECK (stage IN ('password', 'enrol', 'code', 'active')),
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);
CREATE INDEX staff_sessions_last_used ON staff_sessions (last_used_at);

-- Every staff action: who (NULL: the add-staff command), what, on what, when, before and after.
-- Written in the same transaction as the change it describes; never updated or deleted.
CREATE TABLE staff_audit (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_id integer REFERENCES staff(id),
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text NOT NULL,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL
);
CREATE INDEX staff_audit_created ON staff_audit (created_at DESC, id DESC);
CREATE INDEX staff_audit_target ON staff_audit (target_type, target_id);

-- Notes staff keep on a player: added, never edited or deleted.
CREATE TABLE staff_notes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  staff_id integer NOT NULL REFERENCES staff(id),
  body text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX staff_notes_user ON staff_notes (user_id, created_at DESC);

-- Who reviewed a verification is a staff member.
ALTER TABLE identity_verifications ADD CONSTRAINT identity_verifications_reviewed_by FOREIGN KEY (reviewed_by) REFERENCES staff(id);

-- A withdrawal decided by staff: when and by whom (the queue shows only pending ones).
ALTER TABLE transactions ADD COLUMN decided_at timestamptz;
ALTER TABLE transactions ADD COLUMN decided_by integer REFERENCES staff(id);
CREATE INDEX transactions_pending_withdrawals ON transactions (created_at) WHERE type = 'withdrawal' AND status = 'pending';
