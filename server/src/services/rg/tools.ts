import type { ResponsibleGaming, RgPeriod, SelfExclusionPeriod, TimeOutPeriod } from '#core/api/contract.ts';
import { fromCents, signedToCents } from '#core/api/money.ts';
import type { Services } from '../../app-env.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { RiskConfig } from '../../config/risk-config.ts';
import { recordRiskEvent } from '../risk/risk-events.ts';
import { settleRoundsThen } from '../open-rounds.ts';
import { startSelfExclusion, startTimeOut } from './exclusion.ts';
import { changeLimit, limitsView, type LimitKind } from './limits.ts';
import { nextRealityCheck, sessionMoney, sessionOf } from './session.ts';

/**
 * The player's safer-gambling tools as the API shows and changes them: limits, reality
 * checks, time-out and self-exclusion. The rules themselves live beside this file.
 */

/** What `/api/user/responsible-gaming` answers for the player, in the sign-in `keyHash`. */
export async function responsibleGamingView(
  tx: Queryable,
  userId: number,
  keyHash: string,
  now: Date,
  realityMax?: number,
): Promise<ResponsibleGaming> {
  const [user] = await tx.query<{
    reality_check_minutes: number | null;
    time_out_until: Date | null;
    self_excluded_until: Date | null;
    net: string;
    currency: string;
  }>(
    `SELECT reality_check_minutes, time_out_until, self_excluded_until, currency,
       (SELECT COALESCE(sum(amount), 0)::numeric(14,2)::text FROM transactions
         WHERE user_id = $1 AND ((type = 'deposit' AND status = 'completed') OR (type = 'withdrawal' AND status <>
         'cancelled'))) AS net
     FROM users WHERE id = $1`,
    [userId],
  );
  const session = await sessionOf(tx, keyHash);
  const startedAt = new Date(session.created_at);
  const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());
  return {
    deposit_limits: await limitsView(tx, userId, 'deposit', now),
    loss_limits: await limitsView(tx, userId, 'loss', now),
    reality_check_minutes: user!.reality_check_minutes,
    session_started_at: startedAt.toISOString(),
    time_out_until: iso(user!.time_out_until),
    self_excluded_until: iso(user!.self_excluded_until),
    lifetime_net_deposits: fromCents(signedToCents(user!.net)!),
    reality_check_next_at: iso(nextRealityCheck(session, user!.reality_check_minutes, realityMax)),
    session: await sessionMoney(tx, userId, startedAt, now),
    currency: user!.currency,
  };
}

export interface LimitChange {
  kind: LimitKind;
  period: RgPeriod;
  /** The new limit in cents; undefined removes it. */
  cents: bigint | undefined;
}

/**
 * Applies the player's changes in one transaction on the locked player (lowering a limit is
 * immediate, raising or removing one waits `coolingOffHours`), and answers the view after them.
 * `realityCheckMinutes` undefined leaves the reality check as it is; null turns it off.
 */
export async function changeResponsibleGaming(
  db: Database,
  change: {
    userId: number;
    keyHash: string;
    limits: LimitChange[];
    realityCheckMinutes?: number | null;
    coolingOffHours: number;
    /** The market's longest reality-check interval (config.rg.realityCheckMaxMinutes). */
    realityMax?: number;
    /** A raise soon after a limit refused the player is a risk event (harm.limit_raise_after_hit). */
    risk: RiskConfig;
  },
  now: () => Date,
): Promise<ResponsibleGaming> {
  const { userId } = change;
  const at = now();
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    for (const limit of change.limits) {
      const raised = await changeLimit(tx, userId, limit.kind, limit.period, limit.cents, at, change.coolingOffHours);
      if (raised === 'raise')
        await recordRiskEvent(tx, {
          kind: 'limit_raise',
          rules: change.risk,
          userId,
          limit: `${limit.kind}:${limit.period}`,
          now: at,
        });
    }
    if (change.realityCheckMinutes !== undefined)
      await tx.query('UPDATE users SET reality_check_minutes = $2 WHERE id = $1', [userId, change.realityCheckMinutes]);
    return responsibleGamingView(tx, userId, change.keyHash, now(), change.realityMax);
  });
}

/** The player saw the reality check in the sign-in `keyHash`: answers when the next one is due (null: none). */
export async function acknowledgeRealityCheck(
  db: Queryable,
  userId: number,
  keyHash: string,
  now: Date,
  realityMax?: number,
): Promise<Date | null> {
  await db.query('UPDATE auth_tokens SET reality_ack_at = $2 WHERE key_hash = $1', [keyHash, now.toISOString()]);
  const [user] = await db.query<{ minutes: number | null }>(
    'SELECT reality_check_minutes AS minutes FROM users WHERE id = $1',
    [userId],
  );
  return nextRealityCheck({ created_at: now, reality_ack_at: now }, user!.minutes, realityMax) ?? null;
}

type BlockServices = Pick<Services, 'db' | 'clock' | 'config' | 'privateKeys'>;

/**
 * Starts the player's time-out in one transaction, once the open rounds are settled (their
 * winnings land on the balance); answers when it ends.
 */
export function takeTimeOut(services: BlockServices, userId: number, period: TimeOutPeriod): Promise<Date> {
  return settleRoundsThen(services, userId, () =>
    services.db.transaction((tx) => startTimeOut(tx, userId, period, services.clock())),
  );
}

/**
 * Starts the player's self-exclusion in one transaction, once the open rounds are settled (the
 * refund includes them); answers when it ends and the money returned.
 */
export function excludeSelf(services: BlockServices, userId: number, period: SelfExclusionPeriod, currency: string) {
  return settleRoundsThen(services, userId, () =>
    services.db.transaction((tx) => startSelfExclusion(tx, userId, period, services.clock(), currency)),
  );
}
