import type { Money, OfferTerms } from '#core/api/contract.ts';
import { toCents } from '#core/api/money.ts';
import { expectedWageringCost } from '#core/promotions/expected-cost.ts';
import type { Queryable } from '../../db/database.ts';
import { InvalidInput } from '../../base/domain-errors.ts';
import type { MarketProfile } from '../../markets/market-profile.ts';

/** A deposit match as staff define it: `games` maps each eligible game's id to its contribution in percent. */
export interface DepositMatchInput {
  name: string;
  matchPercent: number;
  cap: Money;
  wageringMultiple: number;
  maxStake: Money;
  expiryDays: number;
  games: Record<string, number>;
}

const whole = (value: number, low: number, high: number) => Number.isInteger(value) && value >= low && value <= high;

/**
 * Saves a deposit-match template. Refused field by field (InvalidInput) when a figure is out of
 * range, a game is unknown, or the wagering multiple is above what the market's profile allows
 * (`rules.bonusWagering.maxMultiple`: 10× in GB).
 */
export async function createDepositMatch(
  db: Queryable,
  input: DepositMatchInput,
  market: MarketProfile,
  staffId: number | null,
  now: Date,
): Promise<number> {
  const cap = market.rules.bonusWagering.maxMultiple;
  if (!whole(input.wageringMultiple, 0, 100)) throw InvalidInput.of('wagering_multiple', 'number_invalid');
  if (cap !== null && input.wageringMultiple > cap)
    throw InvalidInput.of('wagering_multiple', 'promotions.wagering_above_market_cap', { cap, market: market.code });
  if (!whole(input.matchPercent, 1, 500)) throw InvalidInput.of('match_percent', 'number_invalid');
  if (!whole(input.expiryDays, 1, 365)) throw InvalidInput.of('expiry_days', 'number_invalid');
  for (const field of ['cap', 'maxStake'] as const)
    if (!toCents(input[field])) throw InvalidInput.of(field === 'cap' ? 'cap' : 'max_stake', 'amount_invalid');
  const ids = Object.keys(input.games);
  const known = await db.query<{ id: string }>('SELECT id FROM games WHERE id = ANY($1::text[])', [ids]);
  if (!ids.length || known.length !== ids.length || !Object.values(input.games).every((c) => whole(c, 0, 100)))
    throw InvalidInput.of('games', 'choice_invalid');
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO offers (kind, name, match_percent, cap, wagering_multiple, max_stake, expiry_days, games, created_by,
       created_at)
     VALUES ('deposit_match', $1, $2, $3::numeric, $4, $5::numeric, $6, $7::jsonb, $8, $9) RETURNING id`,
    [
      input.name,
      input.matchPercent,
      input.cap,
      input.wageringMultiple,
      input.maxStake,
      input.expiryDays,
      JSON.stringify(input.games),
      staffId,
      now.toISOString(),
    ],
  );
  return row!.id;
}

interface OfferRow {
  id: number;
  name: string;
  match_percent: string;
  cap: string;
  wagering_multiple: number;
  max_stake: string;
  expiry_days: number;
  games: Record<string, number>;
}

const OFFER_COLUMNS = `o.id, o.name, o.match_percent::int AS match_percent, o.cap::text AS cap, o.wagering_multiple,
  o.max_stake::text AS max_stake, o.expiry_days, o.games`;

/** The terms of offers, with each one's expected cost from the RTPs the game registry publishes. */
async function termsOf(db: Queryable, rows: OfferRow[], bonusOf: (row: OfferRow) => Money): Promise<OfferTerms[]> {
  const rtps = new Map(
    (await db.query<{ id: string; rtp: string }>("SELECT id, rtp FROM games WHERE rtp <> ''")).map((g) => [
      g.id,
      g.rtp,
    ]),
  );
  return rows.map((row) => {
    const games = typeof row.games === 'string' ? (JSON.parse(row.games) as Record<string, number>) : row.games;
    const eligible = Object.entries(games)
      .filter(([id]) => rtps.has(id))
      .map(([id, contribution]) => ({ rtp: rtps.get(id)!, contribution }));
    return {
      id: row.id,
      kind: 'deposit_match',
      name: row.name,
      match_percent: Number(row.match_percent),
      cap: row.cap,
      wagering_multiple: row.wagering_multiple,
      max_stake: row.max_stake,
      expiry_days: row.expiry_days,
      games,
      expected_cost: expectedWageringCost(bonusOf(row), row.wagering_multiple, eligible),
    };
  });
}

/**
 * Whom marketing offers reach (`u` the player, `$2` now): consenting, not self-excluded or timed out,
 * and not flagged by the risk desk (an unresolved high alert).
 */
export const REACHABLE = `u.marketing_consent AND u.self_excluded_until IS NULL
  AND (u.time_out_until IS NULL OR u.time_out_until <= $2)
  AND NOT EXISTS (SELECT 1 FROM risk_alerts a WHERE a.user_id = u.id AND a.severity = 'high'
    AND a.state <> 'resolved')`;

/**
 * The offers a player may take: none unless they consent to marketing and are free to play (not
 * self-excluded or timed out) and not flagged by the risk desk (an unresolved high alert). Each
 * with its terms and the expected cost of wagering the full cap.
 */
export async function offersFor(db: Queryable, userId: number, now: Date): Promise<OfferTerms[]> {
  const rows = await db.query<OfferRow>(
    `SELECT ${OFFER_COLUMNS} FROM offers o JOIN users u ON u.id = $1
      WHERE o.kind = 'deposit_match' AND ${REACHABLE}
      ORDER BY o.id`,
    [userId, now.toISOString()],
  );
  return termsOf(db, rows, (row) => row.cap);
}

/** One offer's terms for a bonus of `bonus` (the running one's real amount), or undefined. */
export async function offerTerms(db: Queryable, offerId: number, bonus?: Money): Promise<OfferTerms | undefined> {
  const rows = await db.query<OfferRow>(`SELECT ${OFFER_COLUMNS} FROM offers o WHERE o.id = $1`, [offerId]);
  return (await termsOf(db, rows, (row) => bonus ?? row.cap))[0];
}

/** The running (or waiting) offer of a player with its take, for /profile/bonus. */
export async function openTake(db: Queryable, userId: number) {
  const [take] = await db.query<{
    offer_id: number;
    status: 'waiting' | 'wagering';
    bonus: string | null;
    expires_at: Date;
  }>(
    `SELECT offer_id, status, bonus::text AS bonus, expires_at FROM offer_takes
      WHERE user_id = $1 AND status IN ('waiting', 'wagering')`,
    [userId],
  );
  return take;
}
