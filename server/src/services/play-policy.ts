import type { Queryable } from '../db/database.ts';
import { responsibleGamingRule } from './rg/play-rule.ts';

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
 * Checked at launch (stake 0: refused only when a loss limit is used up) and for every stake
 * (the stake must fit in the room left under every loss limit, open stakes counted as lost).
 * For a stake, call it inside the transaction that takes the stake, after `lockPlayer`.
 */
export async function mayPlay(db: Queryable, userId: number, now: Date, stakeCents = 0n): Promise<PlayVerdict> {
  return responsibleGamingRule(db, userId, now, stakeCents);
}

/** The player's row lock: stakes of one player are checked and taken one after another. */
export async function lockPlayer(tx: Queryable, userId: number): Promise<void> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
}
