import { randomUUID } from 'node:crypto';
import { withFairRandom } from '#core/games/fairness.ts';
import type { RoundResponse } from '#core/games/protocol.ts';
import { checkBet, resolveBet, type Resolved } from '#core/games/round.ts';
import { slotStakeStep } from '#core/games/slot.ts';
import type { GameBet } from '#core/games/protocol.ts';
import { formatMoney } from '#core/i18n/money-format.ts';
import type { Services } from '../../app-env.ts';
import type { Queryable } from '../../db/database.ts';
import { Gone, InvalidRequest } from '../../base/domain-errors.ts';
import type { Locale } from '../../base/i18n.ts';
import { walletRollback, walletWin } from '../../services/wallet.ts';
import { isStepMechanic, STEP_MECHANICS } from '#core/games/steps.ts';
import { openStepRound, type StepRoundResponse } from './step-rounds.ts';
import { roundView, type GameSession } from './sessions.ts';
import { checkLimits, insufficientFunds, placeRealStake, sessionBalance } from './stakes.ts';

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
  if (!pair) throw new Gone('games.session_expired');
  const resolved = await withFairRandom(
    { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: pair.nonce },
    (random) => resolveBet(bet, random),
  );
  return { nonce: pair.nonce, client_seed: pair.client_seed, server_seed_hash: pair.server_seed_hash, resolved };
}

async function storeRound(
  services: Services,
  tx: Queryable,
  session: GameSession,
  id: string,
  player: string,
  bet: GameBet,
  drawn: Drawn,
  historyId: number | null,
  state: 'open' | 'settled' = 'settled',
) {
  const at = services.clock().toISOString();
  const [row] = await tx.query<{ created_at: Date }>(
    `INSERT INTO game_rounds (id, session_id, user_id, player, game_id, mode, nonce, client_seed, server_seed_hash,
      bet, outcome, stake, win, currency, transaction_id, created_at, state, settled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb, $12::numeric, $13::numeric, $14, $15, $16,
     $17, $18) RETURNING created_at`,
    [
      id,
      session.id,
      session.user_id,
      player,
      session.game_id,
      session.mode,
      drawn.nonce,
      drawn.client_seed,
      drawn.server_seed_hash,
      JSON.stringify(bet),
      JSON.stringify(drawn.resolved.outcome),
      drawn.resolved.stake,
      drawn.resolved.win,
      session.currency,
      historyId,
      at,
      state,
      state === 'settled' ? at : null,
    ],
  );
  return drawnView(id, bet, drawn, row!.created_at);
}

/** A round as the player sees it, from its draw (the server seed stays hidden until rotated). */
const drawnView = (id: string, bet: GameBet, drawn: Drawn, createdAt: Date) =>
  roundView({
    id,
    nonce: drawn.nonce,
    client_seed: drawn.client_seed,
    server_seed_hash: drawn.server_seed_hash,
    server_seed: null,
    bet,
    outcome: drawn.resolved.outcome,
    stake: drawn.resolved.stake,
    win: drawn.resolved.win,
    created_at: createdAt,
  });

/** Checks the bet's shape for the game's mechanic and its stake against the bet limits. */
function checkedBet(
  services: Services,
  session: GameSession,
  input: unknown,
  locale: Locale,
): { bet: GameBet; stake: string } {
  const checked = checkBet(session.mechanic as Parameters<typeof checkBet>[0], input, session.game_id);
  if ('problem' in checked) {
    throw new InvalidRequest(
      `games.${checked.problem}`,
      checked.problem === 'slot_step'
        ? { step: formatMoney(slotStakeStep(session.game_id), session.currency, locale) }
        : undefined,
    );
  }
  checkLimits(services, session, checked, locale);
  return checked;
}

/**
 * Plays one round: play money in a demo session, the operator's wallet in a real one. Multi-step games open a round.
 */
export async function playRound(
  services: Services,
  session: GameSession,
  input: unknown,
  hooks: RoundHooks = {},
): Promise<RoundResponse | StepRoundResponse> {
  if (isStepMechanic(session.mechanic)) return openStepRound(services, session, input);
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
 * Real money, as a provider drives an operator's wallet. One transaction, under the player's row
 * lock: the loss-limit check (the stake must fit, open stakes counted as lost), the bet (debit),
 * the outcome and the round, written open (win 0, so a limit counts it as lost until it settles).
 * Then the win (credit, 0.00 for a loss) settles the round. If the outcome cannot be delivered
 * after the bet was taken, the bet is rolled back; the rollback's transaction id makes it happen once.
 */
async function playReal(
  services: Services,
  session: GameSession,
  bet: GameBet,
  stake: string,
  hooks: RoundHooks,
): Promise<RoundResponse> {
  const { db, config } = services;
  const userId = session.user_id!;
  const roundId = randomUUID();
  const betId = `bet:${roundId}`;
  const drawn = await db.transaction(async (tx) => {
    const placed = await placeRealStake(services, tx, session, roundId, stake);
    const result = await draw(services, tx, session, bet);
    await storeRound(
      services,
      tx,
      session,
      roundId,
      session.username ?? '',
      bet,
      { ...result, resolved: { ...result.resolved, win: '0.00' } },
      placed.historyId,
      'open',
    );
    return result;
  });
  try {
    await hooks.beforeSettle?.();
    return await db.transaction(async (tx) => {
      const settled = await walletWin(
        tx,
        {
          transactionId: `win:${roundId}`,
          userId,
          roundId,
          amount: drawn.resolved.win,
          betTransactionId: betId,
          now: services.clock(),
        },
        {
          wageringMultiplier: config.games.bonusWageringMultiplier,
          risk: config.risk,
          races: { node: db, gameId: session.game_id },
          currency: session.currency,
          limitAlertPercents: config.rg.limitAlertPercents,
        },
      );
      if (settled.status !== 'ok') throw new Error(`Round ${roundId} could not be settled`);
      const [row] = await tx.query<{ created_at: Date }>(
        `UPDATE game_rounds SET win = $2::numeric, state = 'settled', settled_at = $3
          WHERE id = $1 RETURNING created_at`,
        [roundId, drawn.resolved.win, services.clock().toISOString()],
      );
      const round = drawnView(roundId, bet, drawn, row!.created_at);
      return { round, balance: settled.balance };
    });
  } catch (error) {
    await rollbackRound(services, userId, roundId);
    throw error;
  }
}

/** Refunds a round's stake (once) and removes the unsettled round, so no limit counts it. */
async function rollbackRound(services: Services, userId: number, roundId: string) {
  await services.db.transaction(async (tx) => {
    await walletRollback(tx, {
      transactionId: `rollback:${roundId}`,
      userId,
      roundId,
      betTransactionId: `bet:${roundId}`,
      now: services.clock(),
    });
    await tx.query(`DELETE FROM game_rounds WHERE id = $1 AND state = 'open'`, [roundId]);
  });
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
       AND NOT EXISTS (SELECT 1 FROM wallet_transactions s WHERE s.reference_id = b.id AND s.kind IN ('win',
       'rollback') AND s.status = 'ok')
       AND NOT EXISTS (SELECT 1 FROM game_rounds r JOIN games g ON g.id = r.game_id
                       WHERE r.id = b.round_id AND r.state = 'open' AND g.mechanic = ANY($3::text[]))`,
    [userId, new Date(services.clock().getTime() - STALE_BET_MS).toISOString(), STEP_MECHANICS],
  );
  for (const bet of stale) await rollbackRound(services, userId, bet.round_id);
  return stale.length;
}
