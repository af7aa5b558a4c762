-- Issue 42: the remaining rules of the risk desk (services/risk/). Like migration 057, each player's
-- running state is one row updated by one statement per event; windows are JSON arrays trimmed by it.

-- harm.loss_chasing: the previous settled round (its stake and whether it lost) and the unbroken run
-- of losing rounds each followed by a larger stake: [{at, stake, after}].
ALTER TABLE risk_player_state ADD COLUMN last_stake numeric(14,2);
ALTER TABLE risk_player_state ADD COLUMN last_round_lost boolean NOT NULL DEFAULT false;
ALTER TABLE risk_player_state ADD COLUMN chase_steps jsonb NOT NULL DEFAULT '[]';
-- harm.long_session: when the current session (rounds with gaps shorter than the setting) began,
-- its newest round, and when a long session was last told (once per session).
ALTER TABLE risk_player_state ADD COLUMN last_round_at timestamptz;
ALTER TABLE risk_player_state ADD COLUMN session_started_at timestamptz;
ALTER TABLE risk_player_state ADD COLUMN long_session_alerted_at timestamptz;
-- harm.night_play: local days (the account's time zone) with a round between 00:00 and 06:00, last 30 days: [{at, day}].
ALTER TABLE risk_player_state ADD COLUMN night_days jsonb NOT NULL DEFAULT '[]';
-- harm.declined_deposits: deposits cancelled at the payment page in the last 24 hours: [{at, ref}].
ALTER TABLE risk_player_state ADD COLUMN declined_deposits jsonb NOT NULL DEFAULT '[]';
-- harm.limit_raise_after_hit: when the player last ran into a limit, and which.
ALTER TABLE risk_player_state ADD COLUMN limit_hit_at timestamptz;
ALTER TABLE risk_player_state ADD COLUMN limit_hit text;

-- link.shared_device: the random id a browser keeps and sends at sign-in (never a fingerprint), per
-- account; the accounts of one device are one indexed lookup by the primary key's leading column.
CREATE TABLE risk_devices (
  device_id uuid NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  first_seen_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (device_id, user_id)
);
