import { RG_PERIODS, type RgLimit, type RgLimits, type RgPeriod } from '#core/api/contract.ts';
import { fromCents, signedToCents, toCents } from '#core/api/money.ts';
import type { Queryable } from '../../db/database.ts';
import { realMoneyRounds } from '../real-money-rounds.ts';
import { hoursLater, leavesWindowAt, windowStart } from './windows.ts';

/**
 * Deposit and loss limits (UKGC RTS 12): per period, the lowest applicable limit wins. A first
 * limit or a lower one applies at once; a raise or a removal waits out the cooling-off and can be
 * cancelled by setting the limit back. A due pending change is applied when the limit is read.
 */
export type LimitKind = 'deposit' | 'loss';

interface Row {
  period: RgPeriod;
  amount: string | null;
  pending_amount: string | null;
  pending_at: Date | string | null;
}

export interface Effective {
  /** Cents in force, or undefined when there is no limit. */
  amount?: bigint;
  pending?: { amount?: bigint; at: Date };
}

/** The limits in force now, per period. */
export async function effectiveLimits(
  db: Queryable,
  userId: number,
  kind: LimitKind,
  now: Date,
): Promise<Partial<Record<RgPeriod, Effective>>> {
  const rows = await db.query<Row>(
    'SELECT period, amount::text, pending_amount::text, pending_at FROM rg_limits WHERE user_id = $1 AND kind = $2',
    [userId, kind],
  );
  const result: Partial<Record<RgPeriod, Effective>> = {};
  for (const row of rows) {
    const amount = row.amount === null ? undefined : toCents(row.amount);
    const pendingAt = row.pending_at === null ? undefined : new Date(row.pending_at);
    const pendingAmount = row.pending_amount === null ? undefined : toCents(row.pending_amount);
    if (pendingAt && pendingAt.getTime() <= now.getTime()) result[row.period] = { amount: pendingAmount };
    else result[row.period] = { amount, pending: pendingAt ? { amount: pendingAmount, at: pendingAt } : undefined };
  }
  return result;
}

/** Usage in the window ending now, and the oldest counted item's time. */
export async function usage(
  db: Queryable,
  userId: number,
  kind: LimitKind,
  period: RgPeriod,
  now: Date,
  options: UsageOptions,
) {
  const from = windowStart(period, now).toISOString();
  // No upper bound: a request that read its clock earlier may take the player's lock after one
  // that read it later, and that later payment or round must still count against it.
  const [row] =
    kind === 'deposit'
      ? await db.query<{ used: string; oldest: Date | string | null }>(
          `SELECT COALESCE(sum(amount), 0)::numeric(14,2)::text AS used, min(created_at) AS oldest FROM payments
           WHERE user_id = $1 AND status = ANY($2::text[]) AND created_at > $3 AND id::text <> $4`,
          [
            userId,
            options.completedOnly ? ['completed'] : ['pending', 'completed'],
            from,
            options.excludePayment ?? '',
          ],
        )
      : await db.query<{ used: string; oldest: Date | string | null }>(
          `SELECT COALESCE(sum(stake - win), 0)::numeric(14,2)::text AS used, min(at) AS oldest
             FROM ${realMoneyRounds({ user: '$1', by: 'placed', from: '$2', fromOp: '>' })} AS rounds`,
          [userId, from],
        );
  const used = signedToCents(row!.used)!;
  return { used: used > 0n ? used : 0n, oldest: row!.oldest === null ? undefined : new Date(row!.oldest) };
}

export interface UsageOptions {
  /** At confirmation only completed deposits count, apart from the one being confirmed. */
  completedOnly?: boolean;
  excludePayment?: string;
}

/** What the player sees per period. */
export async function limitsView(db: Queryable, userId: number, kind: LimitKind, now: Date): Promise<RgLimits> {
  const limits = await effectiveLimits(db, userId, kind, now);
  const view = {} as RgLimits;
  for (const period of RG_PERIODS) {
    const limit = limits[period];
    if (limit?.amount === undefined) {
      // A removed limit with no pending change shows as none; a pending first limit cannot exist.
      view[period] = null;
      continue;
    }
    const { used } = await usage(db, userId, kind, period, now, {});
    const remaining = limit.amount - used;
    view[period] = {
      amount: fromCents(limit.amount),
      used: fromCents(used),
      remaining: fromCents(remaining > 0n ? remaining : 0n),
      pending: limit.pending
        ? {
            amount: limit.pending.amount === undefined ? null : fromCents(limit.pending.amount),
            effective_at: limit.pending.at.toISOString(),
          }
        : null,
    } satisfies RgLimit;
  }
  return view;
}

/**
 * The room left under every limit of a kind (the lowest wins), and when more becomes available:
 * when the oldest item counted in the binding window leaves it. Undefined room: no limit.
 */
export async function room(db: Queryable, userId: number, kind: LimitKind, now: Date, options: UsageOptions = {}) {
  const limits = await effectiveLimits(db, userId, kind, now);
  let best: { room: bigint; availableAt?: Date } | undefined;
  for (const period of RG_PERIODS) {
    const amount = limits[period]?.amount;
    if (amount === undefined) continue;
    const { used, oldest } = await usage(db, userId, kind, period, now, options);
    const left = amount > used ? amount - used : 0n;
    if (!best || left < best.room) best = { room: left, availableAt: oldest && leavesWindowAt(period, oldest) };
  }
  return best;
}

/**
 * Sets one period's limit (`cents` undefined removes it) by the cooling-off rules, and answers which it
 * was: `kept`, `lowered` (or a first one; at once) or `raise` (a raise or a removal, after the cooling-off).
 */
export async function changeLimit(
  tx: Queryable,
  userId: number,
  kind: LimitKind,
  period: RgPeriod,
  cents: bigint | undefined,
  now: Date,
  coolingOffHours: number,
) {
  const current = (await effectiveLimits(tx, userId, kind, now))[period];
  const inForce = current?.amount;
  const save = (amount: bigint | undefined, pending?: { amount?: bigint; at: Date }) =>
    tx.query(
      // decided_at (the one clock) stamps the player's `decision` stream event (migration 060).
      `INSERT INTO rg_limits (user_id, kind, period, amount, pending_amount, pending_at, decided_at) VALUES ($1, $2,
        $3, $4::numeric, $5::numeric, $6, $7)
       ON CONFLICT (user_id, kind, period) DO UPDATE SET amount = EXCLUDED.amount, pending_amount =
       EXCLUDED.pending_amount, pending_at = EXCLUDED.pending_at, decided_at = EXCLUDED.decided_at`,
      [
        userId,
        kind,
        period,
        amount === undefined ? null : fromCents(amount),
        pending?.amount === undefined ? null : fromCents(pending.amount),
        pending?.at.toISOString() ?? null,
        now.toISOString(),
      ],
    );
  // Setting the limit back to what is in force cancels a pending change.
  if (cents === inForce) {
    await save(inForce);
    return 'kept' as const;
  }
  // A first limit or a lower one protects the player, so it applies at once.
  if (inForce === undefined || (cents !== undefined && cents < inForce)) {
    await save(cents);
    return 'lowered' as const;
  }
  // The same raise asked again keeps its original date; a new one starts the cooling-off.
  const samePending = current?.pending && current.pending.amount === cents;
  await save(inForce, { amount: cents, at: samePending ? current.pending!.at : hoursLater(now, coolingOffHours) });
  return 'raise' as const;
}
