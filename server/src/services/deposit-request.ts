import { randomUUID } from 'node:crypto';
import type { Payment, PaymentMethod } from '#core/api/contract.ts';
import type { Services } from '../app-env.ts';
import type { Locale } from '../base/i18n.ts';
import { InvalidInput } from '../base/domain-errors.ts';
import { runOnce, type Outcome } from './idempotency.ts';
import { recordRiskEvent } from './risk/risk-events.ts';
import { openPayment } from './payments.ts';
import { checkDepositAtCreation } from './rg/deposit-check.ts';

export interface DepositRequest {
  userId: number;
  amount: string;
  method: PaymentMethod;
  returnUrl: string;
  locale: Locale;
  idempotencyKey: string | undefined;
}

/**
 * Opens a pending deposit once per `Idempotency-Key`, after the deposit limits (counted from the
 * payment's creation, RTS 12), and answers where the (demo) payment page completes it.
 */
export async function requestDeposit(
  services: Pick<Services, 'db' | 'config' | 'clock'>,
  request: DepositRequest,
): Promise<Outcome<Payment>> {
  const now = services.clock();
  try {
    return await openDeposit(services, request, now);
  } catch (error) {
    // The refusal rolled its transaction back, so the limit hit is remembered on its own (harm.limit_raise_after_hit).
    if (error instanceof InvalidInput && error.problems.amount?.[0]?.key.startsWith('rg.deposit_limit_'))
      await recordRiskEvent(services.db, { kind: 'limit_hit', userId: request.userId, limit: 'deposit', now });
    throw error;
  }
}

function openDeposit(
  services: Pick<Services, 'db' | 'config'>,
  request: DepositRequest,
  now: Date,
): Promise<Outcome<Payment>> {
  const { db, config } = services;
  const { userId, amount, method, returnUrl, locale } = request;
  return runOnce<Payment>(
    db,
    { userId, name: 'create-payment', key: request.idempotencyKey, request: { amount, method, returnUrl }, now },
    async (tx) => {
      const id = randomUUID();
      await checkDepositAtCreation(tx, userId, amount, now, locale, config.currency);
      const expiresAt = new Date(now.getTime() + config.paymentExpiryMinutes * 60_000);
      const row = await openPayment(tx, {
        id,
        userId,
        amount,
        currency: config.currency,
        method,
        returnUrl,
        lang: locale,
        createdAt: now,
        expiresAt,
      });
      return {
        body: {
          id,
          status: 'pending',
          amount,
          currency: config.currency,
          method,
          redirect_url: `${config.apiUrl}/demo-pay/${id}`,
          created_at: new Date(row.created_at).toISOString(),
        },
      };
    },
  );
}
