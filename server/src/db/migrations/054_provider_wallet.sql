-- Issue 37, section 1: the signed seamless wallet API that game providers call (docs/provider-api.md).

-- A game provider: its wallet calls are signed with one of its secrets (at most two active, for
-- rotation; the newest first). Each secret is sealed with the server's secret box
-- (services/secret-box.ts), because the server must compute HMACs with it, so it cannot be hashed.
-- An empty address list allows any address.
CREATE TABLE game_providers (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
  base_url text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  sealed_secrets text[] NOT NULL CHECK (cardinality(sealed_secrets) BETWEEN 1 AND 2),
  allowed_addresses text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL
);

-- The games a provider offers here, with the stake range a bet must fit (minor units as NUMERIC money).
CREATE TABLE provider_games (
  provider_id text NOT NULL REFERENCES game_providers(id) ON DELETE CASCADE,
  game_id text NOT NULL CHECK (game_id ~ '^[\x21-\x7e]{1,255}$'),
  name text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  min_bet numeric(14,2) NOT NULL CHECK (min_bet >= 0),
  max_bet numeric(14,2) NOT NULL CHECK (max_bet >= min_bet),
  PRIMARY KEY (provider_id, game_id)
);

-- A launch's wallet token: opaque and random, stored as its SHA-256. Bound to the player, the
-- provider, the game, the currency and the sign-in (auth token) that launched it: whatever ends that
-- sign-in (sign-out, password reset, time-out, self-exclusion, suspension, closure) deletes the
-- auth token's row, and a bet on the wallet token is refused from then on. Kept after it ends, so
-- a win or a rollback still finds its player.
CREATE TABLE wallet_tokens (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider_id text NOT NULL REFERENCES game_providers(id) ON DELETE CASCADE,
  game_id text NOT NULL,
  currency text NOT NULL,
  auth_token_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX wallet_tokens_user ON wallet_tokens (user_id);

-- A provider's round as the wallet sees it: stake and win so far (a rolled-back bet leaves the
-- stake), open until a call says `finished`. Loss limits count stake - win like game_rounds.
CREATE TABLE provider_rounds (
  provider_id text NOT NULL REFERENCES game_providers(id) ON DELETE CASCADE,
  round_id text NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  game_id text NOT NULL,
  currency text NOT NULL,
  stake numeric(14,2) NOT NULL CHECK (stake >= 0),
  win numeric(14,2) NOT NULL DEFAULT 0 CHECK (win >= 0),
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'settled')),
  history_id integer REFERENCES transactions(id),
  created_at timestamptz NOT NULL,
  settled_at timestamptz,
  PRIMARY KEY (provider_id, round_id)
);
CREATE INDEX provider_rounds_user ON provider_rounds (user_id, created_at);

-- Every bet, win and rollback a provider sent, by its action_id: processed at most once per
-- provider. `request_hash` tells a repeat from another request under the same id; `balance` is the
-- balance its call answered, for the replay. A rollback whose original is unknown is kept too
-- (`original_action_id`), so that bet is refused if it arrives later; `rolled_back_by` marks a
-- bet already refunded.
CREATE TABLE provider_actions (
  provider_id text NOT NULL REFERENCES game_providers(id) ON DELETE CASCADE,
  action_id text NOT NULL,
  tx_id bigserial UNIQUE,
  kind text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback')),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  round_id text NOT NULL,
  amount numeric(14,2) NOT NULL CHECK (amount >= 0),
  original_action_id text,
  rolled_back_by text,
  request_hash text NOT NULL,
  balance numeric(14,2),
  processed_at timestamptz NOT NULL,
  PRIMARY KEY (provider_id, action_id)
);
CREATE INDEX provider_actions_original ON provider_actions (provider_id, original_action_id)
  WHERE original_action_id IS NOT NULL;
