import type { CashbackStatus } from '#core/api/contract.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { Conflict, InvalidInput, NotFound } from '../../base/domain-errors.ts';
import { addTransaction } from '../history.ts';
import { realMoneyRounds } from '../real-money-rounds.ts';
import { credit } from '../ledger.ts';
import { REACHABLE } from './offers.ts';

const DAY_MS = 86_400_000;
const whole = (value: number, low: number, high: number) => Number.isInteger(value) && value >= low && value <= high;

/** A cashback as staff define it: `percent` (1–100) of net losses over periods of `periodDays` (1–31). */
export interface CashbackInput {
  name: string;
  percent: number;
  periodDays: number;
}

/** Saves a cashback template; refused field by field (InvalidInput) when a figure is out of range. */
export async function createCashback(db: Queryable, input: CashbackInput, staffId: number | null, now: Date) {
  if (!whole(input.percent, 1, 100)) throw InvalidInput.of('cashback_percent', 'number_invalid');
  if (!whole(input.periodDays, 1, 31)) throw InvalidInput.of('period_days', 'number_invalid');
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO offers (kind, name, cashback_percent, period_days, created_by, created_at)
      VALUES ('cashback', $1, $2, $3, $4, $5) RETURNING id`,
    [input.name, input.percent, input.periodDays, staffId, now.toISOString()],
  );
  return row!.id;
}

/** The last whole period before `now`: periods are `days` long, counted in UTC from 1970-01-01. */
export function lastPeriod(days: number, now: Date) {
  const length = days * DAY_MS;
  const end = Math.floor(now.getTime() / length) * length;
  return { start: new Date(end - length), end: new Date(end) };
}

/**
 * Each cashback offer the player is reached by, for its last whole period: the net loss (real-money
 * stakes minus wins of the rounds settled in it, never below zero), the amount (percent of it,
 * rounded down to the cent) and whether it was paid. Exact in NUMERIC.
 */
export async function cashbackFor(db: Queryable, userId: number, now: Date): Promise<CashbackStatus[]> {
  const offers = await db.query<{ id: number; name: string; percent: number; period_days: number }>(
    `SELECT o.id, o.name, o.cashback_percent::int AS percent, o.period_days FROM offers o JOIN users u ON u.id = $1
      WHERE o.kind = 'cashback' AND ${REACHABLE} ORDER BY o.id`,
    [userId, now.toISOString()],
  );
  return Promise.all(offers.map((offer) => statusOf(db, userId, offer, now)));
}

async function statusOf(
  db: Queryable,
  userId: number,
  offer: { id: number; name: string; percent: number; period_days: number },
  now: Date,
): Promise<CashbackStatus> {
  const { start, end } = lastPeriod(offer.period_days, now);
  const rounds = realMoneyRounds({ user: '$1', by: 'settled', from: '$2', fromOp: '>=', to: '$3', toOp: '<' });
  const [row] = await db.query<{ net: string; amount: string; paid: boolean }>(
    `WITH loss AS (SELECT GREATEST(COALESCE(sum(stake) - sum(win), 0), 0) AS net FROM ${rounds} AS every_round)
     SELECT net::numeric(14, 2)::text AS net, (floor(net * $4) / 100)::numeric(14, 2)::text AS amount,
            EXISTS (SELECT 1 FROM cashback_payouts p WHERE p.offer_id = $5 AND p.user_id = $1
              AND p.period_start = $2) AS paid
      FROM loss`,
    [userId, start.toISOString(), end.toISOString(), offer.percent, offer.id],
  );
  return {
    id: offer.id,
    kind: 'cashback',
    name: offer.name,
    percent: offer.percent,
    period_days: offer.period_days,
    period_start: start.toISOString(),
    period_end: end.toISOString(),
    net_loss: row!.net,
    amount: row!.amount,
    paid: row!.paid,
  };
}

/**
 * Pays the last period's cashback as cash through the ledger, once: the payout row's unique key
 * (offer, player, period) is inserted first, so a second node or a retried claim inserts nothing
 * and pays nothing (409). Nothing to pay (no net loss) is a 409 too.
 */
export async function claimCashback(db: Database, userId: number, offerId: number, currency: string, now: Date) {
  const offer = (await cashbackFor(db, userId, now)).find((candidate) => candidate.id === offerId);
  if (!offer) throw new NotFound('promotions.offer_unavailable');
  if (offer.paid) throw new Conflict('promotions.cashback_paid');
  if (offer.amount === '0.00') throw new Conflict('promotions.cashback_nothing');
  return db.transaction(async (tx) => {
    const [payout] = await tx.query<{ id: number }>(
      `INSERT INTO cashback_payouts (offer_id, user_id, period_start, period_end, net_loss, amount, paid_at)
        VALUES ($1, $2, $3, $4, $5::numeric, $6::numeric, $7)
        ON CONFLICT (offer_id, user_id, period_start) DO NOTHING RETURNING id`,
      [offerId, userId, offer.period_start, offer.period_end, offer.net_loss, offer.amount, now.toISOString()],
    );
    if (!payout) throw new Conflict('promotions.cashback_paid');
    const item = await addTransaction(tx, {
      userId,
      type: 'bonus',
      amount: offer.amount,
      status: 'completed',
      template: 'cashback',
      params: { amount: offer.amount, currency },
      createdAt: now,
    });
    await credit(tx, userId, 'cash', offer.amount, item.id, now);
    await tx.query('UPDATE cashback_payouts SET transaction_id = $2 WHERE id = $1', [payout.id, item.id]);
    return { ...offer, paid: true };
  });
}
