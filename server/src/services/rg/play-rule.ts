import type { Queryable } from '../../db/database.ts';
import { room } from './limits.ts';

/**
 * Whether a player may play for real money now: a direct call to the safer-gambling rule
 * (time-out, self-exclusion, loss limits), no registry to forget to fill.
 */
export type PlayVerdict =
  | { allowed: true }
  | {
      allowed: false;
      /** A message key, e.g. "games.may_not_play". */ reason: string;
      /** The room left under the loss limit, when a stake does not fit. */ room?: bigint;
    };

/**
 * Real-money play is refused while the account is suspended, on a time-out or self-excluded (their
 * tokens are revoked too, so this guards sessions already launched), once a loss limit is reached, and
 * for a stake larger than the room left under any loss limit: the worst case (the stake, and the
 * stakes of rounds still open, all lost) must fit.
 */
export async function responsibleGamingRule(
  db: Queryable,
  userId: number,
  now: Date,
  stakeCents = 0n,
): Promise<PlayVerdict> {
  const [user] = await db.query<{ blocked: boolean }>(
    `SELECT (suspended_at IS NOT NULL OR (COALESCE(time_out_until, self_excluded_until) IS NOT NULL AND
      GREATEST(time_out_until, self_excluded_until) > $2)) AS blocked
     FROM users WHERE id = $1`,
    [userId, now.toISOString()],
  );
  if (user?.blocked) return { allowed: false, reason: 'rg.play_blocked' };
  const left = await room(db, userId, 'loss', now);
  if (left && left.room === 0n) return { allowed: false, reason: 'rg.loss_limit_reached' };
  if (left && stakeCents > left.room) return { allowed: false, reason: 'rg.stake_over_loss_limit', room: left.room };
  return { allowed: true };
}
