import type { Queryable } from '../db/database.ts';

/**
 * The log of unfinished games resumed (AGCO standard 4.02, docs/markets.md): a real launch that continues the
 * session whose round is still open writes one row, with that round, so staff can see when play went on.
 */
export async function recordResumption(
  db: Queryable,
  resumed: { userId: number; gameId: string; sessionId: string; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO game_resumptions (user_id, game_id, session_id, round_id, resumed_at)
     SELECT $1, $2, $3, r.id, $4 FROM game_rounds r WHERE r.session_id = $3 AND r.state = 'open'
     ORDER BY r.created_at DESC LIMIT 1`,
    [resumed.userId, resumed.gameId, resumed.sessionId, resumed.now.toISOString()],
  );
}

export interface Resumption {
  game_id: string;
  round_id: string;
  resumed_at: string;
}

/** A player's resumed games, newest first. */
export async function resumptionsOf(db: Queryable, userId: number, limit = 20): Promise<Resumption[]> {
  const rows = await db.query<{ game_id: string; round_id: string; resumed_at: Date | string }>(
    `SELECT game_id, round_id, resumed_at FROM game_resumptions WHERE user_id = $1
     ORDER BY resumed_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map((row) => ({ ...row, resumed_at: new Date(row.resumed_at).toISOString() }));
}
