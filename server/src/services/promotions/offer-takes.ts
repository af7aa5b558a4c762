import type { Money } from '#core/api/contract.ts';
import { toCents } from '#core/api/money.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { Conflict, NotFound } from '../../base/domain-errors.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { addTransaction } from '../history.ts';
import { credit } from '../ledger.ts';
import { cancelBonus } from '../bonus.ts';
import { offersFor } from './offers.ts';

const DAY_MS = 86_400_000;

/**
 * The player takes an offer: it waits for a qualifying deposit until its expiry. Only an offer the
 * player is shown (consent given, free to play) can be taken; one open offer at a time, and none
 * while another bonus runs (the unique index decides between two racing accepts).
 */
export async function acceptOffer(db: Database, userId: number, offerId: number, now: Date): Promise<void> {
  const offer = (await offersFor(db, userId, now)).find((candidate) => candidate.id === offerId);
  if (!offer) throw new NotFound('promotions.offer_unavailable');
  await db
    .transaction(async (tx) => {
      const [user] = await tx.query<{ bonus: string }>(
        'SELECT bonus_balance::text AS bonus FROM users WHERE id = $1 FOR UPDATE',
        [userId],
      );
      if (toCents(user!.bonus) !== 0n) throw new Conflict('promotions.offer_open');
      await tx.query(
        `INSERT INTO offer_takes (user_id, offer_id, status, accepted_at, expires_at)
          VALUES ($1, $2, 'waiting', $3, $4)`,
        [userId, offerId, now.toISOString(), new Date(now.getTime() + offer.expiry_days * DAY_MS).toISOString()],
      );
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new Conflict('promotions.offer_open');
      throw error;
    });
}

/**
 * A completed deposit qualifies the player's waiting deposit match (in the deposit's transaction):
 * match_percent of the deposit, up to the cap, is credited to the bonus account through the ledger
 * with the offer's wagering multiple, and the offer starts wagering. An expired take expires instead.
 */
export async function creditDepositMatch(
  tx: Queryable,
  userId: number,
  deposit: Money,
  currency: string,
  now: Date,
): Promise<void> {
  const [take] = await tx.query<{ id: number; bonus: string; multiple: number; live: boolean }>(
    `SELECT t.id, LEAST(round($2::numeric * o.match_percent / 100, 2), o.cap)::text AS bonus,
            o.wagering_multiple AS multiple, t.expires_at > $3 AS live
      FROM offer_takes t JOIN offers o ON o.id = t.offer_id
      WHERE t.user_id = $1 AND t.status = 'waiting' AND o.kind = 'deposit_match'
      FOR UPDATE OF t`,
    [userId, deposit, now.toISOString()],
  );
  if (!take) return;
  if (!take.live) {
    await tx.query(`UPDATE offer_takes SET status = 'expired', finished_at = $2 WHERE id = $1`, [take.id, now]);
    return;
  }
  const item = await addTransaction(tx, {
    userId,
    type: 'bonus',
    amount: take.bonus,
    status: 'completed',
    template: 'bonus',
    params: { amount: take.bonus, currency },
    createdAt: now,
  });
  await credit(tx, userId, 'bonus', take.bonus, item.id, now);
  await tx.query('UPDATE users SET bonus_wagered = 0, bonus_multiplier = $2 WHERE id = $1', [userId, take.multiple]);
  await tx.query(`UPDATE offer_takes SET status = 'wagering', bonus = $2::numeric WHERE id = $1`, [
    take.id,
    take.bonus,
  ]);
}

/**
 * A withdrawal forfeits a running offer's bonus (never the cash), in the withdrawal's transaction,
 * which found the offer running (services/withdrawals.ts); a bonus staff granted by hand keeps its
 * own rules.
 */
export const forfeitRunningOffer = (tx: Queryable, userId: number, currency: string, now: Date) =>
  cancelBonus(tx, userId, currency, now);

/**
 * The player's row lock for a stake (as `lockPlayer`), answering the largest stake a running offer
 * allows (undefined when none runs): every stake needs both, so they cost one statement.
 */
export async function lockPlayerForStake(tx: Queryable, userId: number): Promise<Money | undefined> {
  const [row] = await tx.query<{ max: string | null }>(
    `SELECT (SELECT o.max_stake::text FROM offer_takes t JOIN offers o ON o.id = t.offer_id
        WHERE t.user_id = u.id AND t.status = 'wagering') AS max
      FROM users u WHERE u.id = $1 FOR UPDATE OF u`,
    [userId],
  );
  return row?.max ?? undefined;
}
