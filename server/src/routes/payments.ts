import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { API_PATHS, type Payment } from '#core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUser } from '../http/auth.ts';
import { parseBody } from '../http/body-schema.ts';
import { paymentBody } from '../schemas/money.ts';
import { runOnce } from '../services/idempotency.ts';
import { openPayment } from '../services/payments.ts';
import { checkDepositAtCreation } from '../services/rg/deposit-check.ts';

/** Deposits: a pending payment and the address of the (demo) payment page that completes it. */
export function paymentRoutes(services: Services) {
  const { db, config } = services;
  const app = new Hono<AppEnv>();

  app.post(API_PATHS.createPayment, requireUser(services), async (c) => {
    const locale = c.get('locale');
    const body = paymentBody(config, locale, c.req.header('origin'));
    const { amount, method, return_url: returnUrl } = await parseBody(c, services, body);

    const userId = c.get('userId');
    const now = services.clock();
    const outcome = await runOnce<Payment>(
      db,
      {
        userId,
        name: 'create-payment',
        key: c.req.header('idempotency-key'),
        request: { amount, method, returnUrl },
        now,
      },
      async (tx) => {
        const id = randomUUID();
        // Deposit limits count a payment from its creation (RTS 12).
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
          status: 201,
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
    if (outcome.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(outcome.body, outcome.status);
  });

  return app;
}
