import type { Queryable } from '../../db/database.ts';
import type { PlayVerdict } from '../rg/play-rule.ts';
import { recordRiskEvent } from './risk-events.ts';

/** The player whose stake a loss limit refused, carried by the refusal until its transaction has rolled back. */
const LOSS_LIMIT_HIT = Symbol('lossLimitHit');

const LOSS_LIMIT_REASONS = new Set(['rg.loss_limit_reached', 'rg.stake_over_loss_limit']);

/**
 * Marks a stake's refusal when a loss limit refused it (a used-up limit, or a stake larger than the
 * room left), so harm.limit_raise_after_hit hears of it. Only refusals carry the mark: an accepted
 * stake costs nothing more.
 */
export function markLossLimitHit<E extends Error>(error: E, verdict: PlayVerdict, userId: number): E {
  if (!verdict.allowed && LOSS_LIMIT_REASONS.has(verdict.reason)) Object.assign(error, { [LOSS_LIMIT_HIT]: userId });
  return error;
}

/**
 * After the refused stake's transaction rolled back (the refusal undid everything in it), remembers
 * the hit: one statement, only for a marked refusal.
 */
export async function recordLossLimitHitOf(db: Queryable, error: unknown, now: Date): Promise<void> {
  const userId = (error as { [LOSS_LIMIT_HIT]?: number } | null)?.[LOSS_LIMIT_HIT];
  if (userId !== undefined) await recordRiskEvent(db, { kind: 'limit_hit', userId, limit: 'loss', now });
}
