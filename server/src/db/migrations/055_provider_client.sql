-- Issue 37, sections 2 and 4: what the operator learns when it calls a provider (docs/provider-api.md,
-- "The provider API that the operator calls").

-- The catalogue fields a provider publishes beside the name and stake range of migration 054.
-- `rtp` is a percent (96.50); `names` maps a locale code to the game's name there.
ALTER TABLE provider_games
  ADD COLUMN names jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN category text NOT NULL DEFAULT 'slots' CHECK (category IN ('slots', 'table', 'instant')),
  ADD COLUMN mechanic text NOT NULL DEFAULT '',
  ADD COLUMN rtp numeric(5,2) CHECK (rtp > 0 AND rtp <= 100),
  ADD COLUMN volatility text CHECK (volatility IN ('low', 'medium', 'high')),
  ADD COLUMN image text NOT NULL DEFAULT '',
  ADD COLUMN demo boolean NOT NULL DEFAULT false;

-- The outcome of each call the operator made to a provider: the back office shows the last
-- successful one and the error rate over the last hour. `failure` is a short code, never a body.
CREATE TABLE provider_calls (
  id bigserial PRIMARY KEY,
  provider_id text NOT NULL REFERENCES game_providers(id) ON DELETE CASCADE,
  call text NOT NULL,
  ok boolean NOT NULL,
  failure text,
  called_at timestamptz NOT NULL
);
CREATE INDEX provider_calls_recent ON provider_calls (provider_id, called_at);
