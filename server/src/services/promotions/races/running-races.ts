import type { Queryable } from '../../../db/database.ts';
import { RACE_CATALOGUE } from './race-games.ts';

/**
 * The races that are not over, per database, read at most once per RUNNING_RACES_TTL_MS of the
 * server's clock: the play hot path asks this cache, not the database, whether a settled stake
 * counts for a race, so a round on a game no race covers costs no statement at all.
 */
export const RUNNING_RACES_TTL_MS = 10_000;

interface CachedRace {
  id: number;
  startsAt: number;
  endsAt: number;
  games: ReadonlySet<string>;
}
interface Cached {
  readAt: number;
  races: CachedRace[];
}

// Keyed by the node's `Database` (a transaction is a new object each time; it only runs the read), so
// each test app and each node keeps its own; a race created on another node shows here within the
// lifetime above.
const caches = new WeakMap<object, Cached>();

/** Drops this database's cache: the next stake reads the races again (a race was just created). */
export function forgetRunningRaces(db: object) {
  caches.delete(db);
}

async function racesNotOver(db: Queryable, now: Date): Promise<CachedRace[]> {
  const rows = await db.query<{ id: number; starts_at: Date | string; ends_at: Date | string; games: string[] }>(
    `SELECT r.id, r.starts_at, r.ends_at,
       ARRAY(SELECT unnest(r.game_ids) UNION SELECT id FROM ${RACE_CATALOGUE} AS c WHERE category = ANY(r.categories))
         AS games
     FROM races r WHERE r.settled_at IS NULL AND r.ends_at > $1`,
    [now.toISOString()],
  );
  return rows.map((row) => ({
    id: row.id,
    startsAt: new Date(row.starts_at).getTime(),
    endsAt: new Date(row.ends_at).getTime(),
    games: new Set(row.games),
  }));
}

/** The ids of the races running at `now` that count stakes on `gameId`; `tx` reads them when the cache is old. */
export async function racesFor(node: object, tx: Queryable, gameId: string, now: Date): Promise<number[]> {
  const at = now.getTime();
  let cached = caches.get(node);
  if (!cached || at - cached.readAt >= RUNNING_RACES_TTL_MS || at < cached.readAt) {
    cached = { readAt: at, races: await racesNotOver(tx, now) };
    caches.set(node, cached);
  }
  return cached.races
    .filter((race) => race.startsAt <= at && at < race.endsAt && race.games.has(gameId))
    .map((race) => race.id);
}

/**
 * Adds a settled real-money stake to the player's entry in every race running for its game, in the
 * caller's transaction: one atomic upsert, never a rescan of rounds, and nothing at all when no race
 * runs for the game. Each raise takes a new `reached_order`, so ties rank by who got there first.
 */
export async function accrueRaceStake(
  tx: Queryable,
  node: object,
  round: { userId: number; gameId: string; stake: string; now: Date },
): Promise<void> {
  const races = await racesFor(node, tx, round.gameId, round.now);
  if (!races.length) return;
  await tx.query(
    `INSERT INTO race_entries (race_id, user_id, wagered, reached_at, reached_order)
     SELECT race, $2, $3::numeric, $4, nextval('race_entry_order') FROM unnest($1::int[]) AS race
     ON CONFLICT (race_id, user_id) DO UPDATE SET wagered = race_entries.wagered + EXCLUDED.wagered,
       reached_at = EXCLUDED.reached_at, reached_order = EXCLUDED.reached_order`,
    [races, round.userId, round.stake, round.now.toISOString()],
  );
}
