import { toCents } from '#core/api/money.ts';
import type { SelfExclusionPeriod, TimeOutPeriod } from '#core/api/contract.ts';
import type { Queryable } from '../../db/database.ts';
import { NotAllowed } from '../../base/domain-errors.ts';
import type { Locale } from '../../base/i18n.ts';
import { cancelBonus } from '../bonus.ts';
import { addTransaction } from '../history.ts';
import { debit, recordDebit } from '../ledger.ts';
import { refuseOpenRound } from '../open-rounds.ts';
import { formatInstant } from './format.ts';
import { shift } from './windows.ts';

/**
 * Time-out and self-exclusion (UKGC SR code, MGA 2/2018): both start at once, revoke every token
 * and cannot be ended early; a second request can only lengthen the block, never shorten it.
 */
async function block(
  tx: Queryable,
  userId: number,
  column: 'time_out_until' | 'self_excluded_until',
  until: Date,
): Promise<Date> {
  const [row] = await tx.query<{ until: Date | string }>(
    `UPDATE users
      SET ${column} = GREATEST(COALESCE(${column}, $2::timestamptz), $2::timestamptz)
      WHERE id = $1
      RETURNING ${column} AS until`,
    [userId, until.toISOString()],
  );
  await tx.query('DELETE FROM auth_tokens WHERE user_id = $1', [userId]);
  return new Date(row!.until);
}

export const startTimeOut = (tx: Queryable, userId: number, period: TimeOutPeriod, now: Date) =>
  block(tx, userId, 'time_out_until', shift(now, period));

/**
 * Self-excludes: blocks the account, forfeits any bonus through the ledger, and returns the cash
 * balance as a pending withdrawal to the method of the last deposit ("returned on self-exclusion").
 * The caller has settled the open rounds first (`settleRoundsThen`), so the refund includes them.
 */
export async function startSelfExclusion(
  tx: Queryable,
  userId: number,
  period: SelfExclusionPeriod,
  now: Date,
  currency: string,
): Promise<{ until: Date; returned?: { amount: string; method: string } }> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
  await refuseOpenRound(tx, userId);
  const until = await block(tx, userId, 'self_excluded_until', shift(now, period));
  await cancelBonus(tx, userId, currency, now);
  const [user] = await tx.query<{ balance: string }>('SELECT balance::text FROM users WHERE id = $1', [userId]);
  if (toCents(user!.balance)! > 0n) {
    const [last] = await tx.query<{ method: string }>(
      `SELECT method FROM payments WHERE user_id = $1 AND status = 'completed' ORDER BY created_at DESC LIMIT 1`,
      [userId],
    );
    const method = last?.method ?? 'bank_transfer';
    await debit(tx, userId, 'cash', user!.balance);
    const item = await addTransaction(tx, {
      userId,
      type: 'withdrawal',
      amount: `-${user!.balance}`,
      status: 'pending',
      method,
      template: 'rg.returned_on_self_exclusion',
      params: { method },
      createdAt: now,
    });
    await recordDebit(tx, userId, 'cash', user!.balance, item.id, now);
    return { until, returned: { amount: user!.balance, method } };
  }
  return { until };
}

interface BlockRow {
  time_out_until: Date | string | null;
  self_excluded_until: Date | string | null;
}

/** 403 naming the end date when the account is self-excluded or on a time-out now. */
export function refuseIfBlocked(row: BlockRow | undefined, now: Date, locale: Locale, action: 'sign_in' | 'register') {
  if (!row) return;
  const active = (value: Date | string | null) =>
    value !== null && new Date(value).getTime() > now.getTime() ? new Date(value) : undefined;
  const excluded = active(row.self_excluded_until);
  if (excluded) throw new NotAllowed(`rg.self_excluded_${action}`, { until: formatInstant(excluded, locale) });
  const timedOut = active(row.time_out_until);
  if (timedOut) throw new NotAllowed(`rg.time_out_${action}`, { until: formatInstant(timedOut, locale) });
}

/** The block in force now, if any: self-exclusion first (it is the longer, stronger one). */
export function activeBlock(
  row: BlockRow | undefined,
  now: Date,
): { kind: 'self_excluded' | 'time_out'; until: Date } | undefined {
  if (!row) return undefined;
  for (const [kind, value] of [
    ['self_excluded', row.self_excluded_until],
    ['time_out', row.time_out_until],
  ] as const) {
    if (value !== null && new Date(value).getTime() > now.getTime()) return { kind, until: new Date(value) };
  }
  return undefined;
}

/** The block of an email address, for sign-in and registration. */
export async function blockOf(db: Queryable, email: string): Promise<BlockRow | undefined> {
  const [row] = await db.query<BlockRow>('SELECT time_out_until, self_excluded_until FROM users WHERE email = $1', [
    email,
  ]);
  return row;
}
