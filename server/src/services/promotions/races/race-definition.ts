import type { Race, RacePrize } from '#core/api/contract.ts';
import { fromCents, toCents } from '#core/api/money.ts';
import type { Queryable } from '../../../db/database.ts';
import { InvalidInput } from '../../../base/domain-errors.ts';
import { forgetRunningRaces } from './running-races.ts';
import { RACE_CATALOGUE } from './race-games.ts';

/** A race as staff define it. Eligible games: `gameIds` and every game of `categories` (at least one of the two). */
export interface RaceInput {
  name: string;
  startsAt: Date;
  endsAt: Date;
  gameIds: string[];
  categories: string[];
  /** Position 1 first; each place's amount and whether it pays cash or bonus money. */
  prizes: { amount: string; kind: string }[];
  bonusMultiplier: number;
}

/** The longest race and the largest prize table staff may define. */
export const MAX_RACE_DAYS = 31;
export const MAX_RACE_PRIZES = 100;
const DAY_MS = 86_400_000;

function checkPrizes(prizes: RaceInput['prizes']): RacePrize[] {
  if (!prizes.length || prizes.length > MAX_RACE_PRIZES) throw InvalidInput.of('prizes', 'choice_invalid');
  return prizes.map((prize, index) => {
    const cents = toCents(prize.amount);
    if (!cents || cents <= 0n) throw InvalidInput.of('prizes', 'amount_invalid');
    if (prize.kind !== 'cash' && prize.kind !== 'bonus') throw InvalidInput.of('prizes', 'choice_invalid');
    return { position: index + 1, amount: fromCents(cents), kind: prize.kind };
  });
}

/**
 * Saves a race; refused field by field (InvalidInput): no name, an end not after the start or more
 * than 31 days after it, an end already past, an unknown game or category, no eligible game, a
 * prize that is not a positive amount of cash or bonus.
 */
export async function createRace(db: Queryable, input: RaceInput, staffId: number | null, now: Date): Promise<number> {
  const name = input.name.trim();
  if (!name || name.length > 80) throw InvalidInput.of('name', 'required');
  const start = input.startsAt.getTime();
  const end = input.endsAt.getTime();
  if (!Number.isFinite(start)) throw InvalidInput.of('starts_at', 'date_invalid');
  if (!Number.isFinite(end) || end <= start || end - start > MAX_RACE_DAYS * DAY_MS || end <= now.getTime())
    throw InvalidInput.of('ends_at', 'date_invalid');
  if (!Number.isInteger(input.bonusMultiplier) || input.bonusMultiplier < 0 || input.bonusMultiplier > 100)
    throw InvalidInput.of('bonus_multiplier', 'number_invalid', { min: 0, max: 100 });
  const gameIds = [...new Set(input.gameIds)];
  const categories = [...new Set(input.categories)];
  if (!gameIds.length && !categories.length) throw InvalidInput.of('games', 'choice_invalid');
  const [known] = await db.query<{ games: number; categories: number }>(
    `SELECT (SELECT count(DISTINCT id)::int FROM ${RACE_CATALOGUE} AS c WHERE id = ANY($1::text[])) AS games,
            (SELECT count(DISTINCT category)::int FROM ${RACE_CATALOGUE} AS c WHERE category = ANY($2::text[]))
              AS categories`,
    [gameIds, categories],
  );
  if (known!.games !== gameIds.length || known!.categories !== categories.length)
    throw InvalidInput.of('games', 'choice_invalid');
  const prizes = checkPrizes(input.prizes);
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO races (name, starts_at, ends_at, game_ids, categories, prizes, bonus_multiplier, created_by,
       created_at)
     VALUES ($1, $2, $3, $4::text[], $5::text[], $6::jsonb, $7, $8, $9) RETURNING id`,
    [
      name,
      input.startsAt.toISOString(),
      input.endsAt.toISOString(),
      gameIds,
      categories,
      JSON.stringify(prizes),
      input.bonusMultiplier,
      staffId,
      now.toISOString(),
    ],
  );
  // This node sees the new race at once; other nodes within their cache's lifetime (running-races.ts).
  forgetRunningRaces(db);
  return row!.id;
}

/** The columns `raceOf` reads; `games` resolves the categories to today's game ids. */
export const RACE_COLUMNS = `r.id, r.name, r.starts_at, r.ends_at, r.categories, r.prizes, r.bonus_multiplier,
  r.settled_at,
  ARRAY(SELECT DISTINCT g FROM (SELECT unnest(r.game_ids) AS g UNION
    SELECT id FROM ${RACE_CATALOGUE} AS c WHERE category = ANY(r.categories)) AS eligible ORDER BY g) AS games`;

export interface RaceRow {
  id: number;
  name: string;
  starts_at: Date | string;
  ends_at: Date | string;
  categories: string[];
  prizes: RacePrize[];
  bonus_multiplier: number;
  settled_at: Date | string | null;
  games: string[];
}

export function raceOf(row: RaceRow, currency: string, now: Date): Race {
  const startsAt = new Date(row.starts_at);
  return {
    id: row.id,
    name: row.name,
    status: startsAt.getTime() > now.getTime() ? 'upcoming' : 'running',
    starts_at: startsAt.toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
    games: row.games,
    categories: row.categories,
    prizes: row.prizes,
    bonus_multiplier: row.bonus_multiplier,
    currency,
  };
}

/** Races running now or still to come, soonest end first. */
export async function currentRaces(db: Queryable, currency: string, now: Date): Promise<Race[]> {
  const rows = await db.query<RaceRow>(
    `SELECT ${RACE_COLUMNS} FROM races r WHERE r.ends_at > $1 AND r.settled_at IS NULL ORDER BY r.ends_at, r.id`,
    [now.toISOString()],
  );
  return rows.map((row) => raceOf(row, currency, now));
}

/** Every race, newest first, for the console (with its number of entrants and whether it is settled). */
export async function allRaces(db: Queryable) {
  return db.query<RaceRow & { entrants: number; paid: string }>(
    `SELECT ${RACE_COLUMNS},
       (SELECT count(*)::int FROM race_entries e WHERE e.race_id = r.id) AS entrants,
       (SELECT COALESCE(sum(amount), 0)::numeric(14, 2)::text FROM race_prizes p WHERE p.race_id = r.id) AS paid
     FROM races r ORDER BY r.id DESC LIMIT 100`,
  );
}
