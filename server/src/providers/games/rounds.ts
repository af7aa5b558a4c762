import { randomUUID } from 'node:crypto';
import { withFairRandom } from '../../../../src/games/fairness.ts';
import type { RoundResponse } from '../../../../src/games/protocol.ts';
import { checkBet, resolveBet, type Resolved } from '../../../../src/games/round.ts';
import { SLOT_STAKE_STEP } from '../../../../src/games/slot.ts';
import type { GameBet } from '../../../../src/games/protocol.ts';
import { toCents } from '../../../../src/api/money.ts';
import { formatMoney } from '../../../../src/i18n/money-format.ts';
import type { Services } from '../../app-env.ts';
import type { Queryable } from '../../db/database.ts';
import { detailError } from '../../errors.ts';
import type { Locale } from '../../i18n.ts';
import { mayPlay } from '../../services/play-policy.ts';
import { walletBet, walletRollback, walletWin } from '../../services/wallet.ts';
import { roundView, sessionBalance, type GameSession } from './sessions.ts';

/** Test seam: runs between the outcome and its settlement, so a failure there can be simulated. */
export interface RoundHooks {
  beforeSettle?: () => Promise<void> | void;
}

interface Drawn {
  nonce: number;
  client_seed: string;
  server_seed_hash: string;
  resolved: Resolved;
}

/**
 * Takes the session's next nonce (one atomic UPDATE, so parallel rounds never share one) and
 * draws the outcome from the seed pair it belongs to. 410 if the session expired meanwhile.
 */
async function draw(services: Services, db: Queryable, session: GameSession, bet: GameBet): Promise<Drawn> {
  const [pair] = await db.query<{ nonce: number; server_seed: string; server_seed_hash: string; client_seed: string }>(
    `UPDATE game_sessions SET nonce = nonce + 1 WHERE id = $1 AND expires_at > $2
     RETURNING nonce, server_seed, server_seed_hash, client_seed`,
    [session.id, services.clock().toISOString()],
  );
  if (!pair) throw detailError(410, 'games.session_expired');
  const resolved = await withFairRandom({ serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: pair.nonce }, (random) => resolveBet(bet, random));
  return { nonce: pair.nonce, client_seed: pair.client_seed, server_seed_hash: pair.server_seed_hash, resolved };
}

async function storeRound(services: Services, tx: Queryable, session: GameSession, id: string, player: string, bet: GameBet, drawn: Drawn, historyId: number | null) {
  const [row] = await tx.query<{ created_at: Date }>(
    `INSERT INTO game_rounds (id, session_id, user_id, player, game_id, mode, nonce, client_seed, server_seed_hash, bet, outcome, stake, win, currency, transaction_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb, $12::numeric, $13::numeric, $14, $15, $16) RETURNING created_at`,
    [id, session.id, session.user_id, player, session.game_id, session.mode, drawn.nonce, drawn.client_seed, drawn.server_seed_hash,
      JSON.stringify(bet), JSON.stringify(drawn.resolved.outcome), drawn.resolved.stake, drawn.resolved.win, session.currency, historyId, services.clock().toISOString()],
  );
  return roundView({
    id, nonce: drawn.nonce, client_seed: drawn.client_seed, server_seed_hash: drawn.server_seed_hash, server_seed: null,
    bet, outcome: drawn.resolved.outcome, stake: drawn.resolved.stake, win: drawn.resolved.win, created_at: row!.created_at,
  });
}

/** Checks the bet's shape for the game's mechanic and its stake against the bet limits. */
function checkedBet(services: Services, session: GameSession, input: unknown, locale: Locale): { bet: GameBet; stake: string } {
  const checked = checkBet(session.mechanic, input);
  if ('problem' in checked) {
    throw detailError(400, `games.${checked.problem}`, checked.problem === 'slot_step' ? { step: formatMoney(SLOT_STAKE_STEP, session.currency, locale) } : undefined);
  }
  const { minBet, maxBet } = services.config.games;
  const stake = toCents(checked.stake)!;
  const limits = { min: formatMoney(minBet, session.currency, locale), max: formatMoney(maxBet, session.currency, locale) };
  if (stake < toCents(minBet)!) throw detailError(400, 'games.bet_too_small', limits);
  if (stake > toCents(maxBet)!) throw detailError(400, 'games.bet_too_large', limits);
  return checked;
}

const insufficientFunds = (session: GameSession, balance: string) =>
  detailError(400, 'insufficient_funds', { balance: formatMoney(balance, session.currency, session.locale as Locale) });

/** Plays one round: play money in a demo session, the operator's wallet in a real one. */
export async function playRound(services: Services, session: GameSession, input: unknown, hooks: RoundHooks = {}): Promise<RoundResponse> {
  const { bet, stake } = checkedBet(services, session, input, session.locale as Locale);
  return session.mode === 'demo' ? playDemo(services, session, bet) : playReal(services, session, bet, stake, hooks);
}

/** Play money: nonce, outcome, balance and round in one transaction; no wallet, no history. */
function playDemo(services: Services, session: GameSession, bet: GameBet): Promise<RoundResponse> {
  return services.db.transaction(async (tx) => {
    const drawn = await draw(services, tx, session, bet);
    const [row] = await tx.query<{ balance: string }>(
      `UPDATE game_sessions SET demo_balance = demo_balance - $2::numeric + $3::numeric
       WHERE id = $1 AND demo_balance >= $2::numeric RETURNING demo_balance::text AS balance`,
      [session.id, drawn.resolved.stake, drawn.resolved.win],
    );
    if (!row) throw insufficientFunds(session, await sessionBalance(tx, session));
    return { round: await storeRound(services, tx, session, randomUUID(), '', bet, drawn, null), balance: row.balance };
  });
}

/**
 * Real money, as a provider drives an operator's wallet: bet (debit) → outcome → win (credit,
 * 0.00 for a loss) stored together with the round. If the outcome cannot be delivered after the
 * bet was taken, the bet is rolled back; the rollback's transaction id makes it happen once.
 */
async function playReal(services: Services, session: GameSession, bet: GameBet, stake: string, hooks: RoundHooks): Promise<RoundResponse> {
  const { db, config } = services;
  const userId = session.user_id!;
  const verdict = await mayPlay(db, userId, services.clock());
  if (!verdict.allowed) throw detailError(403, verdict.reason);
  const roundId = randomUUID();
  const betId = `bet:${roundId}`;
  const placed = await db.transaction((tx) => walletBet(tx, {
    transactionId: betId, userId, roundId, amount: stake, currency: session.currency, game: session.game_name, now: services.clock(),
  }));
  if (placed.status !== 'ok') throw insufficientFunds(session, placed.balance);
  try {
    const drawn = await draw(services, db, session, bet);
    await hooks.beforeSettle?.();
    return await db.transaction(async (tx) => {
      const settled = await walletWin(
        tx,
        { transactionId: `win:${roundId}`, userId, roundId, amount: drawn.resolved.win, betTransactionId: betId, now: services.clock() },
        { wageringMultiplier: config.games.bonusWageringMultiplier, currency: session.currency },
      );
      if (settled.status !== 'ok') throw new Error(`Round ${roundId} could not be settled`);
      const round = await storeRound(services, tx, session, roundId, session.username ?? '', bet, drawn, settled.historyId);
      return { round, balance: settled.balance };
    });
  } catch (error) {
    await db.transaction((tx) => walletRollback(tx, { transactionId: `rollback:${roundId}`, userId, roundId, betTransactionId: betId, now: services.clock() }));
    throw error;
  }
}


/** A bet still unsettled after this long lost its round (a crash between bet and settlement). */
export const STALE_BET_MS = 60_000;

/**
 * Rolls back the player's bets that were taken but never settled or rolled back — the provider
 * died mid-round, or the rollback itself failed. Run at every real launch, so the money is back
 * before the player plays again; the rollback id is the same as the round's own, so a rollback
 * that did happen is not repeated.
 */
export async function rollbackStaleBets(services: Services, userId: number): Promise<number> {
  const { db } = services;
  const stale = await db.query<{ id: string; round_id: string }>(
    `SELECT b.id, b.round_id FROM wallet_transactions b
     WHERE b.user_id = $1 AND b.kind = 'bet' AND b.status = 'ok' AND b.created_at < $2
       AND NOT EXISTS (SELECT 1 FROM wallet_transactions s WHERE s.reference_id = b.id AND s.kind IN ('win', 'rollback') AND s.status = 'ok')`,
    [userId, new Date(services.clock().getTime() - STALE_BET_MS).toISOString()],
  );
  for (const bet of stale) {
    await db.transaction((tx) => walletRollback(tx, { transactionId: `rollback:${bet.round_id}`, userId, roundId: bet.round_id, betTransactionId: bet.id, now: services.clock() }));
  }
  return stale.length;
}
