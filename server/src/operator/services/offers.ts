import type { Services } from '../../app-env.ts';
import type { Queryable } from '../../db/database.ts';
import { createDepositMatch, offerTerms, type DepositMatchInput } from '../../services/promotions/offers.ts';
import { createCashback, type CashbackInput } from '../../services/promotions/cashback.ts';
import { audit } from './audit.ts';

type SaveServices = Pick<Services, 'db' | 'clock' | 'config'>;

/** Saves an offer with `save` and audits it (`offer.create`, every figure in `after`) in one transaction. */
function saveAudited(
  services: SaveServices,
  staffId: number,
  after: Record<string, unknown>,
  save: (tx: Queryable, now: Date) => Promise<number>,
) {
  const now = services.clock();
  return services.db.transaction(async (tx) => {
    const id = await save(tx, now);
    await audit(tx, { staffId, action: 'offer.create', targetType: 'offer', targetId: id, after, at: now });
    return id;
  });
}

/** Staff save a deposit match through the promotions service and its checks (the market's wagering cap among them). */
export const createOfferAsStaff = (services: SaveServices, staffId: number, input: DepositMatchInput) =>
  saveAudited(services, staffId, { kind: 'deposit_match', ...input }, (tx, now) =>
    createDepositMatch(tx, input, services.config.market.profile, staffId, now),
  );

/** Staff save a cashback through the promotions service and its checks. */
export const createCashbackAsStaff = (services: SaveServices, staffId: number, input: CashbackInput) =>
  saveAudited(services, staffId, { kind: 'cashback', ...input }, (tx, now) => createCashback(tx, input, staffId, now));

/** Every cashback offer, newest first, with how many payouts it made and their total. */
export const cashbackOverview = (db: Queryable) =>
  db.query<{ id: number; name: string; percent: number; period_days: number; payouts: string; paid: string }>(
    `SELECT o.id, o.name, o.cashback_percent::int AS percent, o.period_days, count(p.id)::text AS payouts,
            COALESCE(sum(p.amount), 0)::numeric(14, 2)::text AS paid
      FROM offers o LEFT JOIN cashback_payouts p ON p.offer_id = o.id
      WHERE o.kind = 'cashback' GROUP BY o.id ORDER BY o.id DESC`,
  );

/** The games an offer may list: ours with a published RTP (the expected cost needs it), by name. */
export const offerableGames = (db: Queryable) =>
  db.query<{ id: string; name: string; rtp: string }>(
    "SELECT id, name, rtp FROM games WHERE rtp <> '' AND NOT retired ORDER BY name, id",
  );

/** Every offer, newest first, with its expected cost at the cap and how many players took it, by state. */
export async function offerOverview(db: Queryable) {
  const rows = await db.query<{
    id: number;
    created_at: Date;
    taken: string;
    open: string;
    completed: string;
    ended: string;
  }>(
    `SELECT o.id, o.created_at, count(t.id)::text AS taken,
            count(t.id) FILTER (WHERE t.status IN ('waiting', 'wagering'))::text AS open,
            count(t.id) FILTER (WHERE t.status = 'completed')::text AS completed,
            count(t.id) FILTER (WHERE t.status IN ('forfeited', 'expired'))::text AS ended
      FROM offers o LEFT JOIN offer_takes t ON t.offer_id = o.id
      WHERE o.kind = 'deposit_match'
      GROUP BY o.id ORDER BY o.id DESC`,
  );
  return Promise.all(rows.map(async (row) => ({ ...row, terms: (await offerTerms(db, row.id))! })));
}
