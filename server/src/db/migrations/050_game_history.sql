-- A player's history of one game across their real sessions (the game page lists it, and a new
-- launch reveals the seeds of their ended sessions): found by player and game.
CREATE INDEX game_sessions_player_game ON game_sessions (user_id, game_id) WHERE mode = 'real';
