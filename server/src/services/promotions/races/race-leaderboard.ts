import { HIDDEN_PLAYER, type RaceLeaderboard, type RaceOwnStanding, type RacePrize } from '#core/api/contract.ts';
import { fromCents, toCents } from '#core/api/money.ts';
import type { Queryable } from '../../../db/database.ts';
import { NotFound } from '../../../base/domain-errors.ts';
import { publicName } from '../../winners.ts';
import { RACE_COLUMNS, raceOf, type RaceRow } from './race-definition.ts';

/** How many places the public leaderboard shows. */
export const LEADERBOARD_SIZE = 20;

/** The ranking: most wagered first; of equal totals, whoever reached theirs first. */
const RANKED = 'ORDER BY e.wagered DESC, e.reached_order';

async function ownStanding(db: Queryable, raceId: number, userId: number, prizes: RacePrize[]) {
  const [row] = await db.query<{ wagered: string | null; position: number | null; entrants: number }>(
    `SELECT me.wagered::text AS wagered,
       CASE WHEN me.user_id IS NULL THEN NULL ELSE (SELECT count(*)::int + 1 FROM race_entries e
         WHERE e.race_id = $1 AND (e.wagered > me.wagered OR (e.wagered = me.wagered
           AND e.reached_order < me.reached_order))) END AS position,
       (SELECT count(*)::int FROM race_entries WHERE race_id = $1) AS entrants
     FROM (SELECT 1) AS one LEFT JOIN race_entries me ON me.race_id = $1 AND me.user_id = $2`,
    [raceId, userId],
  );
  const own: RaceOwnStanding = { position: row!.position, wagered: row!.wagered ?? '0.00' };
  if (own.position === 1) return own;
  // The place to aim at: the one just above, or for a newcomer the last prize place (or, while fewer
  // players than prizes have entered, the first empty place, which any stake takes).
  const nextPosition = own.position === null ? Math.min(prizes.length, row!.entrants + 1) : own.position - 1;
  const [holder] = await db.query<{ wagered: string }>(
    `SELECT e.wagered::text AS wagered FROM race_entries e WHERE e.race_id = $1 ${RANKED} OFFSET $2 LIMIT 1`,
    [raceId, nextPosition - 1],
  );
  // Overtaking needs one cent more than the holder: a tie ranks whoever reached the amount first.
  const gap = holder ? toCents(holder.wagered)! - toCents(own.wagered)! + 1n : 1n;
  return { ...own, next: { position: nextPosition, amount: fromCents(gap > 0n ? gap : 1n) } };
}

/**
 * A race's leaderboard: the top LEADERBOARD_SIZE places with masked names (an incognito player is
 * `HIDDEN_PLAYER`, as in the bets feed) and each place's prize; with `userId`, that player's own place
 * and how much more reaches the next one. 404 for a race that is unknown or already settled.
 */
export async function raceLeaderboard(
  db: Queryable,
  raceId: number,
  userId: number | undefined,
  currency: string,
  now: Date,
): Promise<RaceLeaderboard> {
  const [row] = await db.query<RaceRow>(`SELECT ${RACE_COLUMNS} FROM races r WHERE r.id = $1`, [raceId]);
  if (!row || row.settled_at !== null) throw new NotFound('races.unknown');
  const race = raceOf(row, currency, now);
  const entries = await db.query<{ username: string; incognito: boolean; wagered: string }>(
    `SELECT u.username, u.incognito, e.wagered::text AS wagered FROM race_entries e JOIN users u ON u.id = e.user_id
     WHERE e.race_id = $1 ${RANKED} LIMIT $2`,
    [raceId, LEADERBOARD_SIZE],
  );
  const top = entries.map((entry, index) => ({
    position: index + 1,
    player: publicName(entry.username, entry.incognito) ?? HIDDEN_PLAYER,
    wagered: entry.wagered,
    prize: race.prizes[index] ?? null,
  }));
  return {
    race,
    top,
    ...(userId === undefined ? {} : { you: await ownStanding(db, raceId, userId, race.prizes) }),
  };
}
