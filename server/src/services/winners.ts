import { HIDDEN_PLAYER, type Win } from '#core/api/contract.ts';
import type { Queryable } from '../db/database.ts';

/**
 * The public "recent winners" feed: real-money rounds whose payout exceeded the stake, newest
 * first, each with its NET win (payout − stake, in NUMERIC). A payout at or below the stake is a
 * loss or a push and is never shown as a win (UKGC RTS 7). Names are masked; an incognito player
 * is `HIDDEN_PLAYER` (the site shows "Hidden" in its language).
 */
export async function recentWins(db: Queryable, limit: number): Promise<Win[]> {
  const rows = await db.query<{ player: string | null; game: string; amount: string; currency: string; won_at: Date }>(
    // An incognito player's name is not even read: their setting now hides their past wins too.
    `SELECT CASE WHEN u.incognito THEN NULL ELSE r.player END AS player, g.name AS game,
            (r.win - r.stake)::text AS amount, r.currency, r.created_at AS won_at
     FROM game_rounds r JOIN games g ON g.id = r.game_id LEFT JOIN users u ON u.id = r.user_id
     WHERE r.mode = 'real' AND r.win > r.stake ORDER BY r.created_at DESC, r.id DESC LIMIT $1`,
    [limit],
  );
  return rows.map(({ won_at, ...win }) => ({
    ...win,
    player: win.player === null ? HIDDEN_PLAYER : maskName(win.player),
    at: new Date(won_at).toISOString(),
  }));
}

/** A player's name in a public feed: masked, or null for a player who chose incognito. */
export const publicName = (name: string, incognito: boolean): string | null => (incognito ? null : maskName(name));

/** "john" → "jo***n": enough to feel real, not enough to identify anyone. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 3) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars.at(-1)}`;
}
