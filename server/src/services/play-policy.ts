import type { Queryable } from '../db/database.ts';
import { responsibleGamingRule, type PlayVerdict } from './rg/play-rule.ts';

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
