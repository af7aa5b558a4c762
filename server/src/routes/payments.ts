import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { API_PATHS, PAYMENT_METHODS, type Payment, type PaymentMethod } from '../../../src/api/contract.ts';
import type { Problems } from '../../../src/api/validation.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUser } from '../auth.ts';
import { readJson } from '../body.ts';
import { fieldErrors } from '../errors.ts';
import { readAmount } from '../services/amounts.ts';
import { runOnce } from '../services/idempotency.ts';
import { checkDepositAtCreation } from '../services/rg/deposit-check.ts';

const DEFAULT_RETURN_PATH = '/profile/deposit';

/**
 * A return address the demo payment page may send the player to: a path on this origin, or a URL
 * on this origin or on a CORS_ORIGINS site. Anything else would make us an open redirect.
 */
export function allowedReturnUrl(value: unknown, ownOrigin: string, siteOrigins: string[]): string | undefined {
  if (value === undefined || value === null || value === '') return new URL(DEFAULT_RETURN_PATH, ownOrigin).href;
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  if (value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')) return new URL(value, ownOrigin).href;
  try {
    const url = new URL(value);
    return url.origin === ownOrigin || siteOrigins.includes(url.origin) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Deposits: a pending payment and the address of the (demo) payment page that completes it. */
export function paymentRoutes(services: Services) {
  const { db, config } = services;
  const app = new Hono<AppEnv>();

  app.post(API_PATHS.createPayment, requireUser(services), async (c) => {
    const input = await readJson(c, services);
    const locale = c.get('locale');
    const origin = new URL(c.req.url).origin;
    const problems: Problems = {};
    const amount = readAmount(input.amount, config.limits.deposit_min, config.limits.deposit_max, locale, config.currency);
    if ('problem' in amount) problems.amount = [amount.problem];
    if (input.currency !== undefined && (typeof input.currency !== 'string' || input.currency.toUpperCase() !== config.currency)) {
      problems.currency = [{ key: 'currency_unsupported', params: { currency: config.currency } }];
    }
    if (!PAYMENT_METHODS.includes(input.method as never)) problems.method = [{ key: input.method === undefined ? 'required' : 'method_invalid' }];
    const returnUrl = allowedReturnUrl(input.return_url, origin, config.corsOrigins);
    if (!returnUrl) problems.return_url = [{ key: 'return_url_invalid' }];
    if (Object.keys(problems).length || !('amount' in amount) || !returnUrl) throw fieldErrors(problems);

    const userId = c.get('userId');
    const method = input.method as PaymentMethod;
    const outcome = await runOnce<Payment>(
      db,
      { userId, name: 'create-payment', key: c.req.header('idempotency-key'), request: { amount: amount.amount, method, returnUrl } },
      async (tx) => {
        const id = randomUUID();
        const now = services.clock();
        // Deposit limits count a payment from its creation (RTS 12).
        await checkDepositAtCreation(tx, userId, amount.amount, now, locale, config.currency);
        const [row] = await tx.query<{ created_at: Date }>(
          `INSERT INTO payments (id, user_id, amount, currency, method, status, return_url, lang, created_at)
           VALUES ($1, $2, $3::numeric, $4, $5, 'pending', $6, $7, $8) RETURNING created_at`,
          [id, userId, amount.amount, config.currency, method, returnUrl, locale, now.toISOString()],
        );
        return {
          status: 201,
          body: {
            id, status: 'pending', amount: amount.amount, currency: config.currency, method,
            redirect_url: `${origin}/demo-pay/${id}`, created_at: new Date(row!.created_at).toISOString(),
          },
        };
      },
    );
    if (outcome.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(outcome.body, outcome.status);
  });

  return app;
}
