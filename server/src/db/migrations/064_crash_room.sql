-- Issue 40: the shared crash room (docs/multiplayer-crash.md). One game at a time per currency,
-- its crash point from a published hash chain; each player's bet is a wallet round of its own.
-- (Migrations split at a line-ending semicolon: inside a function body none ends a line.)

-- A chain's commitment (terminating hash and salt) is public; its checkpoints are secret and
-- sealed (services/secret-box.ts): any one of them gives away every later game.
CREATE TABLE crash_chains (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  currency text NOT NULL UNIQUE,
  terminating_hash text NOT NULL,
  salt text NOT NULL,
  length integer NOT NULL CHECK (length > 0),
  spacing integer NOT NULL CHECK (spacing > 0),
  checkpoints_box text NOT NULL,
  created_at timestamptz NOT NULL
);

-- A game: open for bets from opened_at to rises_at, then the multiplier rises (core/games/crash.ts's
-- curve, t = 0 at rises_at) until crashes_at. hash and crash are told to nobody before ended.
CREATE TABLE crash_games (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chain_id integer NOT NULL REFERENCES crash_chains(id),
  game integer NOT NULL,
  currency text NOT NULL,
  hash text NOT NULL,
  crash integer NOT NULL CHECK (crash >= 100),
  opened_at timestamptz NOT NULL,
  rises_at timestamptz NOT NULL,
  crashes_at timestamptz NOT NULL,
  ended boolean NOT NULL DEFAULT false,
  UNIQUE (chain_id, game)
);
-- At most one game runs per currency, whichever node drives it.
CREATE UNIQUE INDEX crash_games_one_running ON crash_games (currency) WHERE NOT ended;
CREATE INDEX crash_games_history ON crash_games (currency, game DESC) WHERE ended;

-- A player's bet in a game; its id is the wallet's round id. paid is the multiplier paid in
-- hundredths (0: lost), set once with win when the bet settles.
CREATE TABLE crash_bets (
  id text PRIMARY KEY,
  game_id bigint NOT NULL REFERENCES crash_games(id),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  player text NOT NULL,
  currency text NOT NULL,
  stake numeric(14,2) NOT NULL CHECK (stake > 0),
  auto_cashout integer CHECK (auto_cashout > 100),
  paid integer,
  win numeric(14,2) CHECK (win >= 0),
  placed_at timestamptz NOT NULL,
  settled_at timestamptz,
  UNIQUE (game_id, user_id)
);
CREATE INDEX crash_bets_open ON crash_bets (game_id) WHERE win IS NULL;

-- The node that drives a currency's room, until expires_at (of the server's clock); another node
-- takes over once it has expired.
CREATE TABLE crash_room_leases (
  currency text PRIMARY KEY,
  node text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- A settled bet joins the public bets feed like any real-money round (059, 060): an incognito
-- player's name is left out of the event.
CREATE FUNCTION stream_crash_bet_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stream_events (user_id, name, data, created_at)
  SELECT NULL, 'bet', json_build_object(
    'round', NEW.id, 'game_id', 'crash', 'game', COALESCE((SELECT name FROM games WHERE id = 'crash'), 'Crash'),
    'player', CASE WHEN u.incognito THEN NULL ELSE NEW.player END, 'player_id', NEW.user_id,
    'stake', NEW.stake::text, 'payout', NEW.win::text,
    'multiplier', round(NEW.win / NEW.stake, 2)::text, 'win', NEW.win > NEW.stake, 'currency', NEW.currency,
    'at', NEW.settled_at
  ), NEW.settled_at
  FROM users u WHERE u.id = NEW.user_id; RETURN NULL; END $$;
CREATE TRIGGER crash_bets_stream_bet AFTER UPDATE OF win ON crash_bets
  FOR EACH ROW WHEN (OLD.win IS NULL AND NEW.win IS NOT NULL) EXECUTE FUNCTION stream_crash_bet_event();
