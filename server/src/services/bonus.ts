import type { BonusStatus } from '#core/api/contract.ts';
import { fromCents, toCents } from '#core/api/money.ts';
import type { Database, Queryable } from '../db/database.ts';
import { addTransaction } from './history.ts';
import { credit, debit, recordDebit } from './ledger.ts';
import { offerTerms, openTake } from './promotions/offers.ts';

/**
 * Bonus money. A bonus is active while the bonus balance is above zero. Settled real-money stakes
 * count toward its wagering requirement (multiplier × the bonus balance; counted in wallet.ts);
 * when met, the whole bonus moves to the cash balance. Cancelling forfeits it. Both moves go through the ledger.
 */

/** Moves the whole bonus to cash once its wagering requirement is met (the wallet decides when). */
export const releaseBonus = (tx: Queryable, userId: number, bonus: string, currency: string, now: Date) =>
  moveBonus(tx, userId, bonus, 'release', currency, now);

/** Takes the whole bonus balance out of the bonus account: to cash (release) or nowhere (forfeit). */
async function moveBonus(
  tx: Queryable,
  userId: number,
  bonus: string,
  how: 'release' | 'forfeit',
  currency: string,
  now: Date,
): Promise<boolean> {
  if (!(await debit(tx, userId, 'bonus', bonus))) return false;
  const item = await addTransaction(tx, {
    userId,
    type: 'bonus',
    amount: how === 'release' ? bonus : `-${bonus}`,
    status: 'completed',
    template: how === 'release' ? 'games.bonus_released' : 'games.bonus_forfeited',
    params: { amount: bonus, currency },
    createdAt: now,
  });
  await recordDebit(tx, userId, 'bonus', bonus, item.id, now);
  if (how === 'release') await credit(tx, userId, 'cash', bonus, item.id, now);
  await tx.query('UPDATE users SET bonus_wagered = 0, bonus_multiplier = NULL WHERE id = $1', [userId]);
  // A running offer ends with its bonus: completed when released, forfeited otherwise.
  await tx.query(`UPDATE offer_takes SET status = $2, finished_at = $3 WHERE user_id = $1 AND status = 'wagering'`, [
    userId,
    how === 'release' ? 'completed' : 'forfeited',
    now.toISOString(),
  ]);
  return true;
}

/**
 * A bonus granted by staff (the operator console): credited to the bonus account through the
 * ledger, with its own wagering multiplier; from then on the rules above apply to it. One bonus
 * at a time: refused (false) while one is active, and never to a self-excluded player (no offers).
 */
export async function grantBonus(
  tx: Queryable,
  userId: number,
  amount: string,
  multiplier: number,
  currency: string,
  now: Date,
): Promise<'granted' | 'active' | 'excluded'> {
  const [row] = await tx.query<{ bonus: string; excluded: boolean }>(
    `SELECT bonus_balance::text AS bonus, self_excluded_until IS NOT NULL AS excluded
      FROM users
      WHERE id = $1
      FOR UPDATE`,
    [userId],
  );
  if (row!.excluded) return 'excluded';
  if (toCents(row!.bonus) !== 0n) return 'active';
  const item = await addTransaction(tx, {
    userId,
    type: 'bonus',
    amount,
    status: 'completed',
    template: 'bonus',
    params: { amount, currency },
    createdAt: now,
  });
  await credit(tx, userId, 'bonus', amount, item.id, now);
  await tx.query('UPDATE users SET bonus_wagered = 0, bonus_multiplier = $2 WHERE id = $1', [userId, multiplier]);
  return 'granted';
}

/** Forfeits the active bonus in the caller's transaction; false when there is none. */
export async function cancelBonus(tx: Queryable, userId: number, currency: string, now: Date): Promise<boolean> {
  const [row] = await tx.query<{ bonus: string }>(
    'SELECT bonus_balance::text AS bonus FROM users WHERE id = $1 FOR UPDATE',
    [userId],
  );
  if (!row || toCents(row.bonus) === 0n) return false;
  return moveBonus(tx, userId, row.bonus, 'forfeit', currency, now);
}

/** The player's own "cancel my bonus": forfeits the active bonus in one transaction; false when there is none. */
export async function cancelOwnBonus(db: Database, userId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx.query<{ currency: string }>('SELECT currency FROM users WHERE id = $1', [userId]);
    return cancelBonus(tx, userId, user!.currency, now);
  });
}

export async function bonusStatus(db: Queryable, userId: number, configured: number): Promise<BonusStatus> {
  // A bonus granted by staff has its own multiplier; otherwise the configured one applies.
  const [row] = await db.query<{ bonus: string; wagered: string; currency: string; multiplier: number }>(
    `SELECT bonus_balance::text AS bonus, bonus_wagered::text AS wagered, currency,
      COALESCE(bonus_multiplier, $2::int) AS multiplier
      FROM users
      WHERE id = $1`,
    [userId, configured],
  );
  const multiplier = Number(row!.multiplier);
  const bonus = toCents(row!.bonus)!;
  const wagered = toCents(row!.wagered)!;
  const required = bonus * BigInt(multiplier);
  const take = await openTake(db, userId);
  const terms = take && (await offerTerms(db, take.offer_id, take.bonus ?? undefined));
  return {
    ...(take && terms
      ? { offer: { ...terms, status: take.status, expires_at: new Date(take.expires_at).toISOString() } }
      : {}),
    active: bonus > 0n,
    bonus_balance: fromCents(bonus),
    wagering_multiplier: multiplier,
    wagering_required: fromCents(required),
    wagered: fromCents(bonus > 0n ? wagered : 0n),
    remaining: fromCents(required > wagered ? required - wagered : 0n),
    currency: row!.currency,
  };
}
