import type { RacePrize } from '#core/api/contract.ts';
import type { Services } from '../../../app-env.ts';
import type { Queryable } from '../../../db/database.ts';
import { addTransaction } from '../../history.ts';
import { credit } from '../../ledger.ts';

type SettleServices = Pick<Services, 'db' | 'clock' | 'config'>;

/**
 * Pays one prize through the ledger in the settlement's transaction: cash to the balance; bonus to
 * the bonus account as staff's bonus grant does (bonus.ts), its wagering the race's multiple, or, if a
 * bonus is already running, added to that bonus under its own terms.
 */
async function payPrize(
  tx: Queryable,
  race: { id: number; name: string; bonus_multiplier: number },
  prize: RacePrize,
  userId: number,
  currency: string,
  now: Date,
) {
  const [player] = await tx.query<{ bonus_free: boolean }>(
    'SELECT bonus_balance = 0 AS bonus_free FROM users WHERE id = $1 FOR UPDATE',
    [userId],
  );
  const item = await addTransaction(tx, {
    userId,
    type: 'bonus',
    amount: prize.amount,
    status: 'completed',
    template: 'race_prize',
    params: { race: race.name, position: String(prize.position), amount: prize.amount, currency },
    createdAt: now,
  });
  await credit(tx, userId, prize.kind, prize.amount, item.id, now);
  if (prize.kind === 'bonus' && player!.bonus_free)
    await tx.query('UPDATE users SET bonus_wagered = 0, bonus_multiplier = $2 WHERE id = $1', [
      userId,
      race.bonus_multiplier,
    ]);
  await tx.query(
    `INSERT INTO race_prizes (race_id, position, user_id, amount, kind, transaction_id, paid_at)
     VALUES ($1, $2, $3, $4::numeric, $5, $6, $7)`,
    [race.id, prize.position, userId, prize.amount, prize.kind, item.id, now.toISOString()],
  );
}

/**
 * Settles one ended race in one transaction, or does nothing. The claim is a conditional UPDATE
 * (`settled_at IS NULL`): on PostgreSQL a second node's claim waits on the row lock, then finds the
 * race settled and pays nothing; the prize rows' keys refuse a second payment besides. Answers the
 * prizes paid (0 when another node had it).
 */
export async function settleRace(services: SettleServices, raceId: number): Promise<number> {
  const now = services.clock();
  return services.db.transaction(async (tx) => {
    const [race] = await tx.query<{ id: number; name: string; prizes: RacePrize[]; bonus_multiplier: number }>(
      `UPDATE races SET settled_at = $2 WHERE id = $1 AND settled_at IS NULL AND ends_at <= $2
       RETURNING id, name, prizes, bonus_multiplier`,
      [raceId, now.toISOString()],
    );
    if (!race) return 0;
    const winners = await tx.query<{ user_id: number }>(
      `SELECT user_id FROM race_entries e WHERE e.race_id = $1 ORDER BY e.wagered DESC, e.reached_order LIMIT $2`,
      [race.id, race.prizes.length],
    );
    for (const [index, winner] of winners.entries())
      await payPrize(tx, race, race.prizes[index]!, winner.user_id, services.config.currency, now);
    return winners.length;
  });
}

/** Settles every race that has ended and is not settled yet; answers the prizes this node paid. */
export async function settleEndedRaces(services: SettleServices): Promise<number> {
  const due = await services.db.query<{ id: number }>(
    'SELECT id FROM races WHERE settled_at IS NULL AND ends_at <= $1 ORDER BY ends_at, id',
    [services.clock().toISOString()],
  );
  let paid = 0;
  for (const { id } of due) paid += await settleRace(services, id);
  return paid;
}

/** How often each node looks for ended races (unref'd: it never keeps the process up). */
export const RACE_SETTLEMENT_MS = 30_000;

/** Runs `settleEndedRaces` every RACE_SETTLEMENT_MS on this node; answers its stop. */
export function startRaceSettlement(services: SettleServices): () => void {
  const timer = setInterval(() => {
    settleEndedRaces(services).catch((error: unknown) =>
      console.error(JSON.stringify({ level: 'error', event: 'race_settlement', detail: (error as Error).message })),
    );
  }, RACE_SETTLEMENT_MS);
  timer.unref();
  return () => clearInterval(timer);
}
