import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { API_PATHS, PAYMENT_METHODS, type Payment, type PaymentMethod } from '../../../core/api/contract.ts';
import type { Problems } from '../../../core/api/validation.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUser } from '../auth.ts';
import { readJson } from '../body.ts';
import { fieldErrors } from '../errors.ts';
import { readAmount } from '../services/amounts.ts';
import { runOnce } from '../services/idempotency.ts';
import { openPayment } from '../services/payments.ts';
import { allowedReturnUrl } from '../services/return-url.ts';
import { checkDepositAtCreation } from '../services/rg/deposit-check.ts';

/** Deposits: a pending payment and the address of the (demo) payment page that completes it. */
export function paymentRoutes(services: Services) {
  const { db, config } = services;
  const app = new Hono<AppEnv>();

  app.post(API_PATHS.createPayment, requireUser(services), async (c) => {
    const input = await readJson(c, services);
    const locale = c.get('locale');
    const problems: Problems = {};
    const amount = readAmount(
      input.amount,
      config.limits.deposit_min,
      config.limits.deposit_max,
      locale,
      config.currency,
    );
    if ('problem' in amount) problems.amount = [amount.problem];
    if (
      input.currency !== undefined &&
      (typeof input.currency !== 'string' || input.currency.toUpperCase() !== config.currency)
    ) {
      problems.currency = [{ key: 'currency_unsupported', params: { currency: config.currency } }];
    }
    if (!PAYMENT_METHODS.includes(input.method as never))
      problems.method = [{ key: input.method === undefined ? 'required' : 'method_invalid' }];
    // A path returns the player to the site they opened, if that is a configured origin.
    const returnUrl = allowedReturnUrl(input.return_url, config, c.req.header('origin'));
    if (!returnUrl) problems.return_url = [{ key: 'return_url_invalid' }];
    if (Object.keys(problems).length || !('amount' in amount) || !returnUrl) throw fieldErrors(problems);

    const userId = c.get('userId');
    const method = input.method as PaymentMethod;
    const now = services.clock();
    const outcome = await runOnce<Payment>(
      db,
      {
        userId,
        name: 'create-payment',
        key: c.req.header('idempotency-key'),
        request: { amount: amount.amount, method, returnUrl },
        now,
      },
      async (tx) => {
        const id = randomUUID();
        // Deposit limits count a payment from its creation (RTS 12).
        await checkDepositAtCreation(tx, userId, amount.amount, now, locale, config.currency);
        const expiresAt = new Date(now.getTime() + config.paymentExpiryMinutes * 60_000);
        const row = await openPayment(tx, {
          id,
          userId,
          amount: amount.amount,
          currency: config.currency,
          method,
          returnUrl,
          lang: locale,
          createdAt: now,
          expiresAt,
        });
        return {
          status: 201,
          body: {
            id,
            status: 'pending',
            amount: amount.amount,
            currency: config.currency,
            method,
            redirect_url: `${config.apiUrl}/demo-pay/${id}`,
            created_at: new Date(row.created_at).toISOString(),
          },
        };
      },
    );
    if (outcome.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(outcome.body, outcome.status);
  });

  return app;
}
