import type { RiskConfig } from '../../config/risk-config.ts';
import type { Queryable } from '../../db/database.ts';
import { raiseAlert } from './risk-alert-raise.ts';
import { jsonRefs, jsonWindow } from './risk-window.ts';

/** The counted harm markers: the state column that holds each one's window, and the window's length. */
const COUNTED = {
  'harm.declined_deposits': { column: 'declined_deposits', hours: 24 },
  'harm.cancelled_withdrawals': { column: 'cancelled_withdrawals', hours: 30 * 24 },
} as const;

/**
 * A declined deposit or a cancelled withdrawal: one upsert appends it to the rule's window (trimmed in
 * the same statement) and answers the window; reaching `threshold` raises the rule's alert with the
 * refs as evidence.
 */
export async function recordCountedMarker(
  tx: Queryable,
  event: { ruleId: keyof typeof COUNTED; threshold: number; userId: number; ref: string; now: Date },
): Promise<void> {
  const { column, hours } = COUNTED[event.ruleId];
  const entry = `jsonb_build_array(jsonb_build_object('at', $2::timestamptz, 'ref', $3::text))`;
  const [state] = await tx.query<{ refs: string[] }>(
    `INSERT INTO risk_player_state AS s (user_id, ${column}) VALUES ($1, ${entry})
     ON CONFLICT (user_id) DO UPDATE SET
       ${column} = ${jsonWindow(`s.${column}`, entry, `$2::timestamptz - make_interval(hours => $4::int)`)}
     RETURNING ${jsonRefs(column)} AS refs`,
    [event.userId, event.now.toISOString(), event.ref, hours],
  );
  if (state!.refs.length >= event.threshold)
    await raiseAlert(tx, {
      userId: event.userId,
      ruleId: event.ruleId,
      evidence: { refs: state!.refs, within_hours: hours },
      now: event.now,
    });
}

/** A limit refused the player (a deposit over it, a stake past a loss limit): remembered for the raise rule. */
export async function recordLimitHit(
  tx: Queryable,
  event: { userId: number; limit: string; now: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO risk_player_state AS s (user_id, limit_hit_at, limit_hit) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET limit_hit_at = EXCLUDED.limit_hit_at, limit_hit = EXCLUDED.limit_hit`,
    [event.userId, event.now.toISOString(), event.limit],
  );
}

/**
 * A limit raise (or removal) asked: within the configured hours after a limit refused the player, it
 * raises harm.limit_raise_after_hit with both moments. One indexed read of the player's state.
 */
export async function recordLimitRaise(
  tx: Queryable,
  rules: RiskConfig,
  event: { userId: number; limit: string; now: Date },
): Promise<void> {
  const [hit] = await tx.query<{ limit_hit_at: Date; limit_hit: string }>(
    `SELECT limit_hit_at, limit_hit FROM risk_player_state
     WHERE user_id = $1 AND limit_hit_at >= $2::timestamptz - make_interval(hours => $3::int)`,
    [event.userId, event.now.toISOString(), rules.limitRaiseHours],
  );
  if (!hit) return;
  await raiseAlert(tx, {
    userId: event.userId,
    ruleId: 'harm.limit_raise_after_hit',
    evidence: {
      limit_hit: hit.limit_hit,
      limit_hit_at: new Date(hit.limit_hit_at).toISOString(),
      raised: event.limit,
      within_hours: rules.limitRaiseHours,
    },
    now: event.now,
  });
}
