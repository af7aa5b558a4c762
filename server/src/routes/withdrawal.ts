import { Hono } from 'hono';
import { API_PATHS, PAYMENT_METHODS, type Withdrawal } from '../../../src/api/contract.ts';
import { checkDestination } from '../../../src/api/destination-rules.ts';
import type { Problems } from '../../../src/api/validation.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUser } from '../auth.ts';
import { readJson } from '../body.ts';
import { detailError, fieldError, fieldErrors } from '../errors.ts';
import { readAmount } from '../services/amounts.ts';
import { formatMoney } from '../../../src/i18n/money-format.ts';
import { runOnce } from '../services/idempotency.ts';
import { verificationOf } from '../services/verifications.ts';
import { inPlayerQueue } from '../services/per-player-queue.ts';
import { reserveWithdrawal } from '../services/withdrawals.ts';

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
    const amount = readAmount(input.amount, config.limits.withdrawal_min, config.limits.withdrawal_max, c.get('locale'), config.currency);
    if ('problem' in amount) problems.amount = [amount.problem];
    if (!PAYMENT_METHODS.includes(input.method as never)) problems.method = [{ key: input.method === undefined ? 'required' : 'method_invalid' }];
    const destination = checkDestination(problems, input.method, input.destination);
    if (Object.keys(problems).length || !('amount' in amount) || destination === undefined) throw fieldErrors(problems);

    const userId = c.get('userId');
    // Money leaves only for a player whose identity staff have checked. Asked after the
    // form's own checks, so the form still says what is wrong with it; nothing is reserved here.
    // While a document is under review the answer says so, in the words of the page's banner.
    const { status } = await verificationOf(db, userId, c.get('locale'));
    if (status !== 'verified') throw detailError(400, status === 'pending' ? 'verification.withdrawal_pending' : 'verification.withdrawal_unverified');
    const method = input.method as Withdrawal['method'];
    const now = services.clock();
    const outcome = await inPlayerQueue(userId, () => runOnce<Withdrawal>(
      db,
      { userId, name: 'withdrawal', key: c.req.header('idempotency-key'), request: { amount: amount.amount, method, destination }, now },
      async (tx) => {
        const item = await reserveWithdrawal(tx, { userId, amount: amount.amount, method, destination, currency: config.currency, now });
        if (!item) {
          const [row] = await tx.query<{ balance: string; currency: string }>('SELECT balance::text, currency FROM users WHERE id = $1', [userId]);
          throw fieldError('amount', 'insufficient_funds', { balance: formatMoney(row!.balance, row!.currency, c.get('locale')) });
        }
        return {
          status: 201,
          body: {
            id: item.id, status: 'pending', amount: amount.amount, currency: config.currency, method, destination,
            created_at: new Date(item.created_at).toISOString(), balance: item.balance,
          },
        };
      },
      // reserveWithdrawal is the one write; a refusal only reads the balance for its message.
      { oneStatement: true },
    ));
    if (outcome.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(outcome.body, outcome.status);
  });

  return app;
}
