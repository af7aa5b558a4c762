import { fromCents, toCents } from '#core/api/money.ts';
import { formatMoney } from '#core/i18n/money-format.ts';
import type { Queryable } from '../../db/database.ts';
import { InvalidInput } from '../../base/domain-errors.ts';
import type { Locale } from '../../base/i18n.ts';
import { formatInstant } from './format.ts';
import { room } from './limits.ts';

/**
 * Locks the player's row, so that concurrent deposit checks for one player queue (PostgreSQL)
 * and each sees the payments the others created or completed.
 */
const lockPlayer = (tx: Queryable, userId: number) =>
  tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);

/**
 * At create-payment: pending and completed deposits count from creation. Refuses (400 on
 * `amount`) an amount above the room left, saying how much may still be deposited and when
 * more becomes available. Runs in the transaction that inserts the payment.
 */
export async function checkDepositAtCreation(
  tx: Queryable,
  userId: number,
  amount: string,
  now: Date,
  locale: Locale,
  currency: string,
) {
  await lockPlayer(tx, userId);
  const left = await room(tx, userId, 'deposit', now);
  if (!left || toCents(amount)! <= left.room) return;
  const params = {
    remaining: formatMoney(fromCents(left.room), currency, locale),
    at: left.availableAt ? formatInstant(left.availableAt, locale) : '',
  };
  // Without a counted deposit nothing leaves the window: the limit itself is the most there is.
  const key = !left.availableAt
    ? 'rg.deposit_limit_max'
    : left.room > 0n
      ? 'rg.deposit_limit_room'
      : 'rg.deposit_limit_reached';
  throw InvalidInput.of('amount', key, params);
}

/**
 * At confirmation: only completed deposits count, so pending payments created in parallel cannot
 * together pass a limit (or one lowered since). False when this payment no longer fits, or the
 * player has since taken a time-out or excluded themselves.
 */
export async function depositFitsAtConfirmation(
  tx: Queryable,
  userId: number,
  paymentId: string,
  amount: string,
  now: Date,
): Promise<boolean> {
  await lockPlayer(tx, userId);
  // A payment page left open cannot deposit into an account on a time-out or self-excluded.
  const [blocked] = await tx.query(
    'SELECT 1 FROM users WHERE id = $1 AND GREATEST(time_out_until, self_excluded_until) > $2',
    [userId, now.toISOString()],
  );
  if (blocked) return false;
  const left = await room(tx, userId, 'deposit', now, { completedOnly: true, excludePayment: paymentId });
  return !left || toCents(amount)! <= left.room;
}
