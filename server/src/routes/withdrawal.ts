import { Hono } from 'hono';
import { API_PATHS } from '#core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUser } from '../http/auth.ts';
import { parseBody } from '../http/body-schema.ts';
import { withdrawalBody } from '../schemas/money.ts';
import { requestWithdrawal } from '../services/withdrawals.ts';

/**
 * Withdrawal requests: the amount is reserved from the balance at once and stays pending. Only a
 * verified player may withdraw (docs/api.md "Identity verification").
 */
export function withdrawalRoutes(services: Services) {
  const { db, config } = services;
  const app = new Hono<AppEnv>();

  app.post(API_PATHS.withdrawal, requireUser(services), async (c) => {
    const { amount, method, destination } = await parseBody(c, services, withdrawalBody(config, c.get('locale')));

    const outcome = await requestWithdrawal(db, {
      userId: c.get('userId'),
      amount,
      method,
      destination,
      currency: config.currency,
      now: services.clock(),
      idempotencyKey: c.req.header('idempotency-key'),
      locale: c.get('locale'),
      risk: config.risk,
    });
    if (outcome.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(outcome.body, 201);
  });

  return app;
}
