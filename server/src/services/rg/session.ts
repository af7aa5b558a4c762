import { fromCents, signedToCents } from '#core/api/money.ts';
import type { ResponsibleGaming } from '#core/api/contract.ts';
import type { Queryable } from '../../db/database.ts';
import { realMoneyRounds } from '../real-money-rounds.ts';

/**
 * Reality checks (UKGC RTS 13): due every interval since the sign-in began or since the last
 * acknowledgement. Both times live on the token's row, so every page and tab agrees.
 */
export interface SessionRow {
  created_at: Date | string;
  reality_ack_at: Date | string | null;
}

export async function sessionOf(db: Queryable, keyHash: string): Promise<SessionRow> {
  const [row] = await db.query<SessionRow>('SELECT created_at, reality_ack_at FROM auth_tokens WHERE key_hash = $1', [
    keyHash,
  ]);
  return row!;
}

/**
 * When the next reality check is due: `minutes` after the sign-in or the last one seen. `marketMax` (the
 * market's interval, NL: 30) caps the player's choice and applies when they chose none.
 */
export function nextRealityCheck(session: SessionRow, chosen: number | null, marketMax?: number): Date | null {
  const minutes = marketMax === undefined ? chosen : Math.min(chosen ?? marketMax, marketMax);
  if (minutes === null) return null;
  const from = new Date(session.reality_ack_at ?? session.created_at).getTime();
  return new Date(from + minutes * 60_000);
}

/** Deposits, real stakes and wins since the sign-in, for the reality-check dialog. */
export async function sessionMoney(
  db: Queryable,
  userId: number,
  since: Date,
  now: Date,
): Promise<ResponsibleGaming['session']> {
  const rounds = realMoneyRounds({ user: '$1', by: 'placed', from: '$2', fromOp: '>=', to: '$3', toOp: '<=' });
  const [row] = await db.query<{ deposits: string; stakes: string; wins: string }>(
    `WITH rounds AS (SELECT stake, win FROM ${rounds} AS every_round)
     SELECT
       (SELECT COALESCE(sum(amount), 0)::numeric(14,2)::text FROM payments
         WHERE user_id = $1 AND status = 'completed' AND created_at >= $2 AND created_at <= $3) AS deposits,
       (SELECT COALESCE(sum(stake), 0)::numeric(14,2)::text FROM rounds) AS stakes,
       (SELECT COALESCE(sum(win), 0)::numeric(14,2)::text FROM rounds) AS wins`,
    [userId, since.toISOString(), now.toISOString()],
  );
  return { ...row!, net: fromCents(signedToCents(row!.wins)! - signedToCents(row!.stakes)!) };
}
