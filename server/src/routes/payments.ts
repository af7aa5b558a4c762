import { Hono } from 'hono';
import { API_PATHS } from '#core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUser } from '../http/auth.ts';
import { parseBody } from '../http/body-schema.ts';
import { paymentBody } from '../schemas/money.ts';
import { requestDeposit } from '../services/deposit-request.ts';

/** Deposits: a pending payment and the address of the (demo) payment page that completes it. */
export function paymentRoutes(services: Services) {
  const { config } = services;
  const app = new Hono<AppEnv>();

  app.post(API_PATHS.createPayment, requireUser(services), async (c) => {
    const locale = c.get('locale');
    const body = paymentBody(config, locale, c.req.header('origin'));
    const { amount, method, return_url: returnUrl } = await parseBody(c, services, body);
    const outcome = await requestDeposit(services, {
      userId: c.get('userId'),
      amount,
      method,
      returnUrl,
      locale,
      idempotencyKey: c.req.header('idempotency-key'),
    });
    if (outcome.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(outcome.body, 201);
  });

  return app;
}
