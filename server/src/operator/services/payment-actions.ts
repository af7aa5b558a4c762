import type { Services } from '../../app-env.ts';
import { NotFound } from '../../base/domain-errors.ts';
import {
  chargeBack,
  depositOwner,
  refundDeposit,
  releaseWithdrawalHold,
  type Reversal,
  type ReversalInput,
} from '../../services/deposit-reversals.ts';
import { ActionRefused } from '../../services/account-admin.ts';
import type { Queryable } from '../../db/database.ts';
import { voidRound } from '../../services/round-void.ts';
import { actOnPlayer } from './player-actions.ts';

/**
 * Staff's money actions on a player's deposits and rounds (admin only, checked on the route): each
 * runs on the locked player in one transaction with its audit row (before → after), or not at all.
 */

type ActionServices = Pick<Services, 'db' | 'clock'>;

/** The audit row's two sides of a reversal. */
const reversalAudit = (reversal: Reversal, reason: string, status: string) => ({
  before: { payment_id: reversal.paymentId, status: 'completed', balance: reversal.balanceBefore },
  after: {
    payment_id: reversal.paymentId,
    status,
    provider_reference: reversal.providerReference,
    amount: reversal.amount,
    recovered: reversal.recovered,
    owed: reversal.owed,
    balance: reversal.balance,
    reason,
  },
});

/** Runs one reversal of the deposit on its player, audited; NotFound for an unknown deposit. */
async function reverse(
  services: ActionServices,
  staffId: number,
  paymentId: string,
  reason: string,
  kind: { action: 'payment.chargeback' | 'payment.refund'; status: string },
  work: (tx: Queryable, input: ReversalInput) => Promise<Reversal>,
) {
  const userId = await depositOwner(services.db, paymentId);
  if (userId === undefined) throw new NotFound('errors.not_found');
  return actOnPlayer(services, staffId, userId, kind.action, async (tx, _player, now) => {
    const reversal = await work(tx, { paymentId, userId, staffId, reason, now });
    return { reversal, ...reversalAudit(reversal, reason, kind.status) };
  });
}

/** Records the bank's chargeback of a completed deposit (services/deposit-reversals.ts says what it does). */
export const chargeBackDeposit = (services: ActionServices, staffId: number, paymentId: string, reason: string) =>
  reverse(services, staffId, paymentId, reason, { action: 'payment.chargeback', status: 'charged_back' }, chargeBack);

/** Refunds a completed deposit to its method; refused above the balance. */
export const refundPlayerDeposit = (services: ActionServices, staffId: number, paymentId: string, reason: string) =>
  reverse(services, staffId, paymentId, reason, { action: 'payment.refund', status: 'refunded' }, refundDeposit);

/** Lifts the hold a chargeback put on the player's withdrawals; refused when there is none. */
export const releasePlayerWithdrawals = (services: ActionServices, staffId: number, id: number, reason: string) =>
  actOnPlayer(services, staffId, id, 'withdrawals.release', async (tx, player) => {
    if (!(await releaseWithdrawalHold(tx, player.id))) throw new ActionRefused('not_held');
    return { before: { withdrawals_held: true }, after: { withdrawals_held: false, reason } };
  });

/** Voids the player's settled round by its history item (services/round-void.ts); refused twice. */
export const voidPlayerRound = (
  services: ActionServices,
  staffId: number,
  id: number,
  historyId: number,
  reason: string,
) =>
  actOnPlayer(services, staffId, id, 'round.void', async (tx, player, now) => {
    const voided = await voidRound(tx, { historyId, userId: player.id, staffId, reason, now });
    return {
      voided,
      before: { history_id: historyId, status: 'completed', balance: voided.balanceBefore },
      after: {
        history_id: historyId,
        round_id: voided.roundId,
        status: 'voided',
        stake_returned: voided.stake,
        win_taken: voided.win,
        balance: voided.balance,
        reason,
      },
    };
  });
