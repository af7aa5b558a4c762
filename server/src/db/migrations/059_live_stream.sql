-- Issue 40: the live stream (docs/live-stream.md). Events are rows written by triggers in the same
-- transaction as what they report, so none is lost and none is seen from a transaction that rolls
-- back; the trigger's NOTIFY reaches every node's listener only when that transaction commits.
-- (Migrations split at a line-ending semicolon: inside a function body none ends a line.)

-- The events, kept for a short retention window so a reconnecting page resumes from its
-- Last-Event-ID. user_id is the addressee: NULL for the public feed.
CREATE TABLE stream_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX stream_events_created ON stream_events (created_at);

-- Single-use stream tickets: only their SHA-256 is stored, like tokens.
CREATE TABLE stream_tickets (
  key_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX stream_tickets_expiry ON stream_tickets (expires_at);

-- One channel for every schema of a database: the payload names its schema, and a listener
-- ignores other schemas' events (test runs and deployments may share one database).
CREATE FUNCTION stream_event_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('amber_stream', json_build_object(
    'schema', current_schema(), 'id', NEW.id::text, 'user_id', NEW.user_id, 'name', NEW.name, 'data', NEW.data
  )::text); RETURN NULL; END $$;
CREATE TRIGGER stream_events_notify AFTER INSERT ON stream_events
  FOR EACH ROW EXECUTE FUNCTION stream_event_notify();

-- Every ledger row is a movement of a wallet: the player hears the account's new balance, as a
-- decimal string, stamped with the ledger row's time (the server's injected clock).
CREATE FUNCTION stream_balance_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stream_events (user_id, name, data, created_at)
  SELECT u.id, 'balance', json_build_object(
    'balance', u.balance::text, 'bonus_balance', u.bonus_balance::text, 'currency', u.currency
  ), NEW.created_at
  FROM users u WHERE u.id = NEW.user_id; RETURN NULL; END $$;
CREATE TRIGGER ledger_stream_balance AFTER INSERT ON ledger
  FOR EACH ROW EXECUTE FUNCTION stream_balance_event();

-- A real-money round that settles joins the public bets feed. The player's name is stored as it
-- is and masked when the event is rendered (services/live-stream/stream-event-render.ts); `win` is
-- true only for a payout above the stake, which alone may be shown as a win.
CREATE FUNCTION stream_bet_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stream_events (user_id, name, data, created_at)
  SELECT NULL, 'bet', json_build_object(
    'round', NEW.id, 'game_id', NEW.game_id, 'game', g.name, 'player', NEW.player, 'player_id', NEW.user_id,
    'stake', NEW.stake::text, 'payout', NEW.win::text, 'multiplier', round(NEW.win / NULLIF(NEW.stake, 0), 2)::text,
    'win', NEW.win > NEW.stake, 'currency', NEW.currency, 'at', COALESCE(NEW.settled_at, NEW.created_at)
  ), COALESCE(NEW.settled_at, NEW.created_at)
  FROM games g WHERE g.id = NEW.game_id; RETURN NULL; END $$;
CREATE TRIGGER game_rounds_stream_bet_insert AFTER INSERT ON game_rounds
  FOR EACH ROW WHEN (NEW.mode = 'real' AND NEW.state = 'settled') EXECUTE FUNCTION stream_bet_event();
CREATE TRIGGER game_rounds_stream_bet_settle AFTER UPDATE OF state ON game_rounds
  FOR EACH ROW WHEN (NEW.mode = 'real' AND NEW.state = 'settled' AND OLD.state <> 'settled')
  EXECUTE FUNCTION stream_bet_event();
