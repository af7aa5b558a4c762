import { Hono } from 'hono';
import { API_PATHS, PAYMENT_METHODS, type Withdrawal } from '../../../core/api/contract.ts';
import { checkDestination } from '../../../core/api/destination-rules.ts';
import type { Problems } from '../../../core/api/validation.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUser } from '../auth.ts';
import { readJson } from '../body.ts';
import { detailError, fieldErrors } from '../errors.ts';
import { readAmount } from '../services/amounts.ts';
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
    const input = await readJson(c, services);
    const problems: Problems = {};
    const amount = readAmount(
      input.amount,
      config.limits.withdrawal_min,
      config.limits.withdrawal_max,
      c.get('locale'),
      config.currency,
    );
    if ('problem' in amount) problems.amount = [amount.problem];
    if (!PAYMENT_METHODS.includes(input.method as never))
      problems.method = [{ key: input.method === undefined ? 'required' : 'method_invalid' }];
    const destination = checkDestination(problems, input.method, input.destination);
    if (Object.keys(problems).length || !('amount' in amount) || destination === undefined) throw fieldErrors(problems);

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
    const method = input.method as Withdrawal['method'];
    const outcome = await requestWithdrawal(db, {
      userId,
      amount: amount.amount,
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
