-- Issue 40, the live floor (docs/live-stream.md): incognito players, and the player's own stream
-- events besides the balance. As in 059, every event is a row written by a trigger in the
-- transaction that made it, so it is sent only once that transaction commits.
-- (Migrations split at a line-ending semicolon: inside a function body none ends a line.)

-- Incognito: the player is "Hidden" in every public feed (the bets feed and the winners feed).
-- Off by default; the time it was last set comes from the server's clock, NULL until set.
ALTER TABLE users ADD COLUMN incognito boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN incognito_set_at timestamptz;

-- A bet names no incognito player at all: the name is left out of the stored event (and of its
-- NOTIFY), not only masked when it is rendered. Rounds without an account (seeded) keep theirs.
CREATE OR REPLACE FUNCTION stream_bet_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stream_events (user_id, name, data, created_at)
  SELECT NULL, 'bet', json_build_object(
    'round', NEW.id, 'game_id', NEW.game_id, 'game', g.name,
    'player', CASE WHEN u.incognito THEN NULL ELSE NEW.player END, 'player_id', NEW.user_id,
    'stake', NEW.stake::text, 'payout', NEW.win::text, 'multiplier', round(NEW.win / NULLIF(NEW.stake, 0), 2)::text,
    'win', NEW.win > NEW.stake, 'currency', NEW.currency, 'at', COALESCE(NEW.settled_at, NEW.created_at)
  ), COALESCE(NEW.settled_at, NEW.created_at)
  FROM games g LEFT JOIN users u ON u.id = NEW.user_id WHERE g.id = NEW.game_id; RETURN NULL; END $$;

-- Times in event data as JavaScript writes them (2026-06-01T12:00:00.000Z), whatever the session's zone.
CREATE FUNCTION stream_time(at timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

-- A new notification of the player's own: the header's badge counts it without polling.
-- Broadcasts (user_id NULL, possibly scheduled) are read when a page loads.
CREATE FUNCTION stream_notification_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stream_events (user_id, name, data, created_at)
  VALUES (NEW.user_id, 'notification', json_build_object('id', NEW.id, 'created_at', stream_time(NEW.created_at)),
    NEW.created_at); RETURN NULL; END $$;
CREATE TRIGGER notifications_stream_event AFTER INSERT ON notifications
  FOR EACH ROW WHEN (NEW.user_id IS NOT NULL) EXECUTE FUNCTION stream_notification_event();

-- A withdrawal asked for, and each change of its status (approved, rejected, refunded).
CREATE FUNCTION stream_withdrawal_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stream_events (user_id, name, data, created_at)
  VALUES (NEW.user_id, 'withdrawal', json_build_object(
    'id', NEW.id, 'status', NEW.status, 'amount', NEW.amount::text, 'created_at', stream_time(NEW.created_at)
  ), COALESCE(NEW.decided_at, NEW.created_at)); RETURN NULL; END $$;
CREATE TRIGGER transactions_stream_withdrawal_insert AFTER INSERT ON transactions
  FOR EACH ROW WHEN (NEW.type = 'withdrawal') EXECUTE FUNCTION stream_withdrawal_event();
CREATE TRIGGER transactions_stream_withdrawal_status AFTER UPDATE OF status ON transactions
  FOR EACH ROW WHEN (NEW.type = 'withdrawal' AND NEW.status <> OLD.status) EXECUTE FUNCTION stream_withdrawal_event();

-- Decisions about the player: a verification approved or rejected by staff, and a limit set,
-- lowered or scheduled to rise. decided_at is the server's clock at the limit's change (the
-- event's time); a scheduled raise then takes effect at its effective_at with no further event.
ALTER TABLE rg_limits ADD COLUMN decided_at timestamptz;
CREATE FUNCTION stream_verification_decision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stream_events (user_id, name, data, created_at)
  VALUES (NEW.user_id, 'decision', json_build_object(
    'kind', 'verification', 'status', NEW.status, 'reason_code', NEW.reason_code
  ), NEW.reviewed_at); RETURN NULL; END $$;
CREATE TRIGGER identity_verifications_stream_decision AFTER UPDATE OF status ON identity_verifications
  FOR EACH ROW WHEN (NEW.status IN ('verified', 'rejected') AND OLD.status = 'pending')
  EXECUTE FUNCTION stream_verification_decision();
CREATE FUNCTION stream_limit_decision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stream_events (user_id, name, data, created_at)
  VALUES (NEW.user_id, 'decision', json_build_object(
    'kind', 'limit', 'limit', NEW.kind, 'period', NEW.period, 'amount', NEW.amount::text,
    'pending_amount', NEW.pending_amount::text, 'effective_at', stream_time(NEW.pending_at)
  ), NEW.decided_at); RETURN NULL; END $$;
CREATE TRIGGER rg_limits_stream_decision AFTER INSERT OR UPDATE ON rg_limits
  FOR EACH ROW WHEN (NEW.decided_at IS NOT NULL) EXECUTE FUNCTION stream_limit_decision();
