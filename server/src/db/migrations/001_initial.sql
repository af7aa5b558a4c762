-- Money is NUMERIC(14,2) everywhere and crosses the wire as text. Every change to a balance is a
-- ledger row written in the same transaction, so balance = sum(ledger) per account always holds.

CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  username text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  password_hash text NOT NULL,
  balance numeric(14,2) NOT NULL DEFAULT 0 CHECK (balance >= 0),
  bonus_balance numeric(14,2) NOT NULL DEFAULT 0 CHECK (bonus_balance >= 0),
  currency text NOT NULL DEFAULT 'EUR',
  loyalty_points integer NOT NULL DEFAULT 0 CHECK (loyalty_points >= 0),
  referral_code text NOT NULL UNIQUE,
  referred_by integer REFERENCES users(id),
  gateway_player_id text,
  date_joined timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_lower ON users (lower(email));
CREATE UNIQUE INDEX users_username_lower ON users (lower(username));
CREATE INDEX users_referred_by ON users (referred_by);

-- Only a SHA-256 of each token is stored: a leaked table does not leak sessions.
CREATE TABLE auth_tokens (
  key_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Failed sign-ins per email, for rate limiting that holds across several API nodes.
CREATE TABLE login_failures (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_email ON login_failures (email, failed_at);

-- The player's history. Amounts are signed: credits positive, debits negative. The description is
-- rendered per request language from `template` and `params`.
CREATE TABLE transactions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('deposit', 'withdrawal', 'bonus', 'referral', 'game')),
  amount numeric(14,2) NOT NULL CHECK (amount <> 0),
  status text NOT NULL CHECK (status IN ('pending', 'completed', 'cancelled')),
  method text,
  destination text,
  template text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX transactions_user_created ON transactions (user_id, created_at DESC, id DESC);

CREATE TABLE ledger (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  account text NOT NULL CHECK (account IN ('cash', 'bonus')),
  amount numeric(14,2) NOT NULL CHECK (amount <> 0),
  transaction_id integer REFERENCES transactions(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_user ON ledger (user_id, account);

CREATE TABLE payments (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  method text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'completed', 'cancelled')),
  return_url text NOT NULL,
  lang text NOT NULL,
  transaction_id integer REFERENCES transactions(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);

-- user_id NULL means a broadcast ("mass") notification; its read state is per player.
CREATE TABLE notifications (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  seed_key text UNIQUE,
  template text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}',
  read boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user ON notifications (user_id, created_at DESC);

CREATE TABLE notification_reads (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  notification_id integer NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, notification_id)
);

-- A retried request with the same Idempotency-Key answers the stored first response.
CREATE TABLE idempotency_keys (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  status_code integer,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, scope, key)
);

CREATE TABLE games (
  id text PRIMARY KEY,
  name text NOT NULL,
  provider text NOT NULL,
  image text NOT NULL,
  category text NOT NULL,
  popularity integer NOT NULL
);

CREATE TABLE wins (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  seed_key text UNIQUE,
  player text NOT NULL,
  game_id text NOT NULL REFERENCES games(id),
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  won_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wins_won_at ON wins (won_at DESC);
