import type { Services } from '../app-env.ts';
import type { Queryable } from '../db/database.ts';
import { settleExpiredRounds } from '../providers/games/step-rounds.ts';
import { endProviderSessions } from './provider-client/provider-sessions.ts';

/**
 * Money on an open multi-step round belongs to the player: before an account is closed, excluded,
 * timed out or suspended, the player's game sessions end and every open round is settled by its
 * game's published expiry rule (settleExpiredRounds), through the wallet like any win, so the
 * closing rules and the exclusion refund read the balance with it. docs/multi-step-games.md.
 */

/** Thrown by a blocking transaction that finds a round opened after the settlement ran. */
class RoundOpenedMeanwhile extends Error {}

const SETTLE_ATTEMPTS = 3;

/** Ends every real-money game session of the player now (a round on it can no longer be played). */
export async function endGameSessions(db: Queryable, userId: number, now: Date): Promise<number> {
  const ended = await db.query(
    `UPDATE game_sessions SET expires_at = $2 WHERE user_id = $1 AND mode = 'real' AND expires_at > $2 RETURNING 1`,
    [userId, now.toISOString()],
  );
  return ended.length;
}

/**
 * In the blocking transaction, after the player's row is locked: a round opened between the
 * settlement and the lock (a launch in another tab) sends the caller round again.
 */
export async function refuseOpenRound(tx: Queryable, userId: number): Promise<void> {
  const [open] = await tx.query(`SELECT 1 FROM game_rounds WHERE user_id = $1 AND mode = 'real' AND state = 'open'`, [
    userId,
  ]);
  if (open) throw new RoundOpenedMeanwhile();
}

/**
 * Ends the player's game sessions and settles their open rounds, then runs `block` (the closure,
 * exclusion, time-out or suspension in its own transaction), telling it how many sessions ended
 * here (for its audit row). Each round settles under its row lock, so an action racing this (a
 * reveal, a cash-out) and the expiry settle it exactly once.
 */
export async function settleRoundsThen<T>(
  services: Pick<Services, 'db' | 'clock' | 'config' | 'privateKeys'>,
  userId: number,
  block: (sessionsEnded: number) => Promise<T>,
): Promise<T> {
  // Third-party providers first: each settles its open rounds through the wallet before it answers,
  // so the block below reads the balance with those wins. A failing provider is recorded, not waited for.
  await endProviderSessions(services, userId);
  let ended = 0;
  for (let attempt = 1; ; attempt += 1) {
    ended += await endGameSessions(services.db, userId, services.clock());
    await settleExpiredRounds(services, { userId });
    try {
      return await block(ended);
    } catch (error) {
      if (!(error instanceof RoundOpenedMeanwhile) || attempt === SETTLE_ATTEMPTS) throw error;
    }
  }
}
