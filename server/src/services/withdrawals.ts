import type { Money, Withdrawal } from '#core/api/contract.ts';
import { formatMoney } from '#core/i18n/money-format.ts';
import type { Database, Queryable } from '../db/database.ts';
import { InvalidInput, InvalidRequest } from '../base/domain-errors.ts';
import type { Locale } from '../base/i18n.ts';
import { countWalletOperation } from '../ops/metrics.ts';
import { runOnce, type Outcome } from './idempotency.ts';
import type { RiskConfig } from '../config/risk-config.ts';
import { withdrawalsHeld } from './deposit-reversals.ts';
import { inPlayerQueue } from './per-player-queue.ts';
import { refuseWhileSourceOfFundsUnreviewed } from './source-of-funds.ts';
import { recordRiskEvent } from './risk/risk-events.ts';
import { isVerifiedSql, verificationOf } from './verifications.ts';
import { forfeitRunningOffer } from './promotions/offer-takes.ts';

export interface WithdrawalRequest {
  userId: number;
  amount: Money;
  method: string;
  destination: string;
  currency: string;
  /** From `services.clock`. */
  now: Date;
}

/**
 * Reserves a withdrawal in one statement: the conditional debit of the balance, the pending
 * history item, its ledger row and the player's notification. The player's row is locked from
 * that statement until the caller's COMMIT, after the risk event's one statement, rather than
 * across five, so concurrent withdrawals queue for as short a time as possible. Answers undefined (and changes
 * nothing) when the balance does not cover the amount, the account is closed, or with
 * `verifiedOnly` (the player's own request) when the player's identity is not verified or their
 * withdrawals are held after a chargeback (checked in the same statement, which saves a withdrawal
 * one of its three round trips).
 */
export async function reserveWithdrawal(
  tx: Queryable,
  request: WithdrawalRequest,
  { verifiedOnly }: { verifiedOnly: boolean },
): Promise<{ id: number; created_at: Date; balance: Money; offer_running: boolean } | undefined> {
  const verified = verifiedOnly ? ` AND withdrawals_held_at IS NULL AND ${isVerifiedSql('$1')}` : '';
  // Whether a deposit-match offer is wagering comes back with the balance, so its forfeit costs a
  // statement only when there is one.
  const [row] = await tx.query<{ id: number; created_at: Date; balance: Money; offer_running: boolean }>(
    `WITH debited AS (
       UPDATE users SET balance = balance - $2::numeric
       WHERE id = $1 AND balance >= $2::numeric AND closed_at IS NULL${verified}
       RETURNING balance,
         EXISTS (SELECT 1 FROM offer_takes t WHERE t.user_id = $1 AND t.status = 'wagering') AS offer_running
     ), item AS (
       INSERT INTO transactions (user_id, type, amount, status, method, destination, template, params, created_at)
       SELECT $1, 'withdrawal', -($2::numeric), 'pending', $3, $4, 'withdrawal', $5::jsonb, $7::timestamptz FROM debited
       RETURNING id, created_at
     ), entry AS (
       INSERT INTO ledger (user_id, account, amount, transaction_id, created_at) SELECT $1, 'cash', -($2::numeric), id,
       $7::timestamptz FROM item
     ), note AS (
       INSERT INTO notifications (user_id, template, params, created_at) SELECT $1, 'withdrawal', $6::jsonb,
       $7::timestamptz FROM debited
     )
     SELECT item.id, item.created_at, debited.balance::text AS balance, debited.offer_running FROM debited, item`,
    [
      request.userId,
      request.amount,
      request.method,
      request.destination,
      JSON.stringify({ method: request.method, destination: request.destination }),
      JSON.stringify({ amount: request.amount, currency: request.currency }),
      request.now.toISOString(),
    ],
  );
  // A refusal is counted by the caller, which knows which reason it was.
  if (row) countWalletOperation('withdrawal', 'ok');
  return row;
}

/**
 * The player's withdrawal request, once per idempotency key and in the player's queue: the amount
 * is reserved at once and stays pending. Money leaves only for a player whose identity staff have
 * checked: refused as a whole (InvalidRequest) while the newest document is pending or there is
 * none verified, saying which, and nothing is reserved. Otherwise refused as InvalidInput on
 * `amount` when the balance does not cover it, with the balance in the player's language.
 */
export function requestWithdrawal(
  db: Database,
  request: Omit<WithdrawalRequest, 'method'> & {
    method: Withdrawal['method'];
    idempotencyKey: string | undefined;
    locale: Locale;
    /** The risk rules' thresholds: the request is a risk event (services/risk/). */
    risk: RiskConfig;
  },
): Promise<Outcome<Withdrawal>> {
  const { userId, amount, method, destination, currency, now, locale } = request;
  return inPlayerQueue(userId, () =>
    runOnce<Withdrawal>(
      db,
      { userId, name: 'withdrawal', key: request.idempotencyKey, request: { amount, method, destination }, now },
      async (tx) => {
        await refuseWhileSourceOfFundsUnreviewed(tx, {
          userId,
          amount,
          currency,
          threshold: request.risk.sofWithdrawalThreshold,
          locale,
        });
        const item = await reserveWithdrawal(
          tx,
          { userId, amount, method, destination, currency, now },
          { verifiedOnly: true },
        );
        if (!item) {
          // Why nothing was reserved, asked only now: verification first, as the page's banner says it.
          const { status } = await verificationOf(tx, userId, locale);
          if (status !== 'verified')
            throw new InvalidRequest(
              status === 'pending' ? 'verification.withdrawal_pending' : 'verification.withdrawal_unverified',
            );
          if (await withdrawalsHeld(tx, userId)) throw new InvalidRequest('account.withdrawals_held');
          countWalletOperation('withdrawal', 'insufficient_funds');
          const [row] = await tx.query<{ balance: string; currency: string }>(
            'SELECT balance::text, currency FROM users WHERE id = $1',
            [userId],
          );
          throw InvalidInput.of('amount', 'insufficient_funds', {
            balance: formatMoney(row!.balance, row!.currency, locale),
          });
        }
        await recordRiskEvent(tx, {
          kind: 'withdrawal',
          rules: request.risk,
          userId,
          withdrawalId: item.id,
          amount,
          method,
          destination,
          now,
        });
        if (item.offer_running) await forfeitRunningOffer(tx, userId, currency, now);
        return {
          body: {
            id: item.id,
            status: 'pending',
            amount,
            currency,
            method,
            destination,
            created_at: new Date(item.created_at).toISOString(),
            balance: item.balance,
          },
        };
      },
    ),
  );
}
