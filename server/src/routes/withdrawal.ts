import { Hono } from 'hono';
import { API_PATHS } from '../../../core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUser } from '../auth.ts';
import { parseBody } from '../body-schema.ts';
import { detailError } from '../errors.ts';
import { withdrawalBody } from '../schemas/money.ts';
import { verificationOf } from '../services/verifications.ts';
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

    const userId = c.get('userId');
    // Money leaves only for a player whose identity staff have checked. Asked after the
    // form's own checks, so the form still says what is wrong with it; nothing is reserved here.
    // While a document is under review the answer says so, in the words of the page's banner.
    const { status } = await verificationOf(db, userId, c.get('locale'));
    if (status !== 'verified')
      throw detailError(
        400,
        status === 'pending' ? 'verification.withdrawal_pending' : 'verification.withdrawal_unverified',
      );
    const outcome = await requestWithdrawal(db, {
      userId,
      amount,
      method,
      destination,
      currency: config.currency,
      now: services.clock(),
      idempotencyKey: c.req.header('idempotency-key'),
      locale: c.get('locale'),
    });
    if (outcome.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(outcome.body, outcome.status);
  });

  return app;
}
