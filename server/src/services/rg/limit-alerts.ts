import { RG_PERIODS } from '#core/api/contract.ts';
import { fromCents } from '#core/api/money.ts';
import type { Queryable } from '../../db/database.ts';
import { notify } from '../history.ts';
import { effectiveLimits, usage, type LimitKind } from './limits.ts';
import { windowStart } from './windows.ts';

/**
 * Where the market asks (NL: 50 % and 100 %, docs/markets.md), tells the player through a notification
 * when a deposit or a settled round brings a window's use of a limit to a share of it. Each share of each
 * limit is told once per window: the upsert below claims it atomically, so two requests at once tell it once.
 */
export async function alertLimitUse(
  tx: Queryable,
  event: { userId: number; kind: LimitKind; percents: readonly number[]; currency: string; now: Date },
): Promise<void> {
  const { userId, kind, percents, now } = event;
  if (!percents.length) return;
  const limits = await effectiveLimits(tx, userId, kind, now);
  for (const period of RG_PERIODS) {
    const limit = limits[period]?.amount;
    if (limit === undefined || limit === 0n) continue;
    const { used } = await usage(tx, userId, kind, period, now, { completedOnly: true });
    // The highest share newly reached is the one told; lower ones reached with it are claimed silently.
    const reached = percents.filter((percent) => used * 100n >= limit * BigInt(percent)).sort((a, b) => b - a);
    if (!reached.length) continue;
    const claimed = await tx.query<{ percent: number }>(
      `INSERT INTO rg_limit_alerts AS a (user_id, kind, period, percent, alerted_at)
       SELECT $1, $2, $3, p, $5 FROM unnest($4::int[]) AS p
       ON CONFLICT (user_id, kind, period, percent) DO UPDATE SET alerted_at = EXCLUDED.alerted_at
         WHERE a.alerted_at <= $6::timestamptz
       RETURNING percent`,
      [userId, kind, period, reached, now.toISOString(), windowStart(period, now).toISOString()],
    );
    const top = reached.find((percent) => claimed.some((row) => row.percent === percent));
    if (top === undefined) continue;
    await notify(tx, now, userId, `limit_use_${kind}`, {
      percent: String(top),
      amount: fromCents(limit),
      currency: event.currency,
      period,
    });
  }
}
