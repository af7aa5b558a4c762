import { fromCents, toCents } from '#core/api/money.ts';
import { recordLossLimitHitOf } from '../risk/loss-limit-hit.ts';
import type { Services } from '../../app-env.ts';
import type { Queryable } from '../../db/database.ts';
import type { BalanceBody, PlayBody, RollbackBody } from '../../schemas/wallet-api.ts';
import { betOf, claimAction, recordAnswerBalance, type ActionClaim, type ProcessedAction } from './actions.ts';
import { lockWalletPlayer, type WalletPlayer } from './player.ts';
import { WalletRefusal } from './refusal.ts';
import { payWin, refundBet, settleRound, takeBet, type RoundRef } from './round-money.ts';
import { hashWalletToken } from './tokens.ts';

/** The three calls of the wallet API (docs/provider-api.md), each one database transaction. */

export interface BalanceAnswer {
  /** Minor units. */
  balance: number;
  currency: string;
}
export interface RoundAnswer extends BalanceAnswer {
  round_id: string;
  transactions: ProcessedAction[];
  /** Present (true) when every action of the call had been processed before: the first answer again. */
  replayed?: true;
}

const minorUnits = (balance: string) => Number(toCents(balance));

/**
 * Runs a call in one transaction under the player's lock. A refusal rolls the whole call back
 * (none of its actions apply) and is answered with the balance as it stands after the rollback.
 */
async function inCall<T>(
  services: Services,
  providerId: string,
  body: BalanceBody,
  work: (tx: Queryable, player: WalletPlayer, now: Date) => Promise<T>,
): Promise<T> {
  const tokenHash = hashWalletToken(body.token);
  try {
    return await services.db.transaction(async (tx) => {
      const now = services.clock();
      const player = await lockWalletPlayer(tx, services, providerId, { tokenHash, gameId: body.game_id, now });
      return work(tx, player, now);
    });
  } catch (error) {
    await recordLossLimitHitOf(services.db, error, services.clock());
    if (error instanceof WalletRefusal && error.userId !== undefined) {
      const [row] = await services.db.query<{ balance: string }>('SELECT balance::text FROM users WHERE id = $1', [
        error.userId,
      ]);
      if (row) error.balance = toCents(row.balance);
    }
    throw error;
  }
}

export const providerBalance = (services: Services, providerId: string, body: BalanceBody): Promise<BalanceAnswer> =>
  inCall(services, providerId, body, async (_tx, player) => ({
    balance: minorUnits(player.balance),
    currency: player.currency,
  }));

type ActionKind = Pick<ActionClaim, 'kind' | 'amount' | 'originalActionId'>;

/**
 * Claims each action in order and applies the first deliveries (`apply` answers the new balance when
 * it moved money), then `finish`. When every action was a repeat, the answer is the first one's
 * (its stored balance), marked `replayed`; each action's balance is stored for such a replay.
 */
async function processActions<A extends { action_id: string }>(
  tx: Queryable,
  player: WalletPlayer,
  round: RoundRef,
  actions: A[],
  steps: {
    claim: (action: A) => ActionKind;
    apply: (action: A) => Promise<string | undefined>;
    finish?: () => Promise<string | undefined>;
  },
): Promise<RoundAnswer> {
  const processed: ProcessedAction[] = [];
  const fresh: string[] = [];
  let balance = player.balance;
  let storedBalance: string | undefined;
  for (const action of actions) {
    const claimed = await claimAction(tx, {
      ...round,
      ...steps.claim(action),
      userId: player.userId,
      actionId: action.action_id,
    });
    processed.push(claimed.processed);
    if (!claimed.fresh) {
      storedBalance = claimed.balance;
      continue;
    }
    fresh.push(action.action_id);
    balance = (await steps.apply(action)) ?? balance;
  }
  if (steps.finish) balance = (await steps.finish()) ?? balance;
  await recordAnswerBalance(tx, round.providerId, fresh, balance);
  const replayed = !fresh.length && storedBalance !== undefined;
  return {
    balance: minorUnits(replayed ? storedBalance! : balance),
    currency: player.currency,
    round_id: round.roundId,
    transactions: processed,
    ...(replayed ? { replayed: true as const } : {}),
  };
}

/** `play`: the call's bets and wins in order, then, with `finished`, the round's settlement. */
export const providerPlay = (services: Services, providerId: string, body: PlayBody): Promise<RoundAnswer> =>
  inCall(services, providerId, body, (tx, player, now) => {
    const round: RoundRef = { providerId, roundId: body.round_id, gameId: body.game_id, now };
    return processActions(tx, player, round, body.actions, {
      claim: (action) => ({ kind: action.action, amount: fromCents(action.amount), originalActionId: null }),
      apply: (action) =>
        action.action === 'bet'
          ? takeBet(tx, services, player, round, action.amount)
          : payWin(tx, player, round, action.amount),
      finish: body.finished ? () => settleRound(tx, services, player, round) : undefined,
    });
  });

/**
 * `rollback`: refunds each named bet once. A rollback whose bet is unknown is recorded, which
 * refuses that bet if it arrives later; one whose bet was already refunded changes nothing.
 */
export const providerRollback = (services: Services, providerId: string, body: RollbackBody): Promise<RoundAnswer> =>
  inCall(services, providerId, body, (tx, player, now) => {
    const round: RoundRef = { providerId, roundId: body.round_id, gameId: body.game_id, now };
    return processActions(tx, player, round, body.actions, {
      claim: (action) => ({ kind: 'rollback', amount: '0.00', originalActionId: action.original_action_id }),
      apply: async (action) => {
        const bet = await betOf(tx, providerId, action.original_action_id);
        if (!bet || bet.rolled_back_by !== null) return undefined;
        if (bet.kind !== 'bet' || bet.user_id !== player.userId || bet.round_id !== body.round_id)
          throw new WalletRefusal(
            'bad_request',
            'Only a bet of this round and player can be rolled back.',
            player.userId,
          );
        return refundBet(tx, player, round, {
          actionId: action.original_action_id,
          amount: bet.amount,
          rollbackId: action.action_id,
        });
      },
    });
  });
