-- Issue 38: two new originals, limbo and keno (core/games/limbo.ts, keno.ts), are mechanics the
-- games table accepts; server/src/db/seed.ts adds their catalogue rows.
ALTER TABLE games DROP CONSTRAINT IF EXISTS games_mechanic_check;
ALTER TABLE games ADD CONSTRAINT games_mechanic_check
  CHECK (mechanic IN ('dice', 'roulette', 'slot', 'baccarat', 'blackjack', 'mines', 'crash', 'limbo', 'keno'));
