import type { RiskConfig } from '../../config/risk-config.ts';
import type { Queryable } from '../../db/database.ts';
import { raiseAlert } from './risk-alert-raise.ts';
import { jsonRefs, jsonWindow } from './risk-window.ts';

const DECLINED_ENTRY = `jsonb_build_array(jsonb_build_object('at', $2::timestamptz, 'ref', $3::text))`;

/**
 * A deposit declined at the payment page: one upsert appends it to the player's 24-hour window of
 * declines (trimmed in the same statement) and answers the window; reaching the configured number
 * raises harm.declined_deposits with the payments as evidence.
 */
export async function recordDeclinedDeposit(
  tx: Queryable,
  rules: RiskConfig,
  event: { userId: number; paymentId: string; now: Date },
): Promise<void> {
  const [state] = await tx.query<{ refs: string[] }>(
    `INSERT INTO risk_player_state AS s (user_id, declined_deposits) VALUES ($1, ${DECLINED_ENTRY})
     ON CONFLICT (user_id) DO UPDATE SET
       declined_deposits = ${jsonWindow('s.declined_deposits', DECLINED_ENTRY, `$2::timestamptz - interval '24 hours'`)}
     RETURNING ${jsonRefs('declined_deposits')} AS refs`,
    [event.userId, event.now.toISOString(), `payment:${event.paymentId}`],
  );
  if (state!.refs.length >= rules.declinedDeposits24h)
    await raiseAlert(tx, {
      userId: event.userId,
      ruleId: 'harm.declined_deposits',
      evidence: { payments: state!.refs, within_hours: 24 },
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
