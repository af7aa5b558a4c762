// One round of the player's, for the site's "verify from history" page (GET /api/user/history/
// rounds/:round_id). It stands in for a provider's round-details API: the round as recorded, its
// seeds once revealed, and otherwise when they will be.
import type { OwnRoundCheck } from '#core/api/contract.ts';
import type { Services } from '../../app-env.ts';
import { detailError } from '../../http/errors.ts';
import { ROUND_COLUMNS, ROUND_FROM, roundView } from './sessions.ts';

const ROUND_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The round `roundId` of player `userId` (real money), or 404 for anyone else's, an unknown id, a
 * demo round or a rolled-back one. A session that has ended can play no more rounds on its seed,
 * so asking for one of its rounds reveals that seed now (as a new launch of the game does), unless
 * a round of it is still open.
 */
export async function playerRound(services: Services, userId: number, roundId: string): Promise<OwnRoundCheck> {
  const { db } = services;
  if (!ROUND_ID.test(roundId)) throw detailError(404, 'games.round_unknown');
  const now = services.clock();
  const find = () =>
    db.query<
      Parameters<typeof roundView>[0] & {
        state: 'open' | 'settled';
        session_id: string;
        expires_at: Date;
        game_id: string;
        game_name: string;
      }
    >(
      `SELECT ${ROUND_COLUMNS}, r.state, r.session_id, s.expires_at, r.game_id, g.name AS game_name
     FROM ${ROUND_FROM} JOIN game_sessions s ON s.id = r.session_id JOIN games g ON g.id = r.game_id
     WHERE r.id = $1 AND r.user_id = $2 AND r.mode = 'real'`,
      [roundId, userId],
    );
  let [row] = await find();
  if (!row) throw detailError(404, 'games.round_unknown');
  if (!row.server_seed && row.state === 'settled' && new Date(row.expires_at).getTime() <= now.getTime()) {
    await db.query(
      `INSERT INTO game_seed_reveals (server_seed_hash, server_seed, revealed_at, session_id)
       SELECT s.server_seed_hash, s.server_seed, $2, s.id FROM game_sessions s
        WHERE s.id = $1 AND s.server_seed_hash = $3
          AND NOT EXISTS (SELECT 1 FROM game_rounds r WHERE r.session_id = s.id AND r.state = 'open')
       ON CONFLICT DO NOTHING`,
      [row.session_id, now.toISOString(), row.server_seed_hash],
    );
    [row] = await find();
  }
  const round = row!;
  return {
    kind: 'own',
    game: { id: round.game_id, name: round.game_name },
    round: roundView(round),
    seed: round.state === 'open' ? 'open' : round.server_seed ? 'revealed' : 'secret',
    session_ends_at: new Date(round.expires_at).toISOString(),
  };
}
