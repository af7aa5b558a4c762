import { Hono, type Context } from 'hono';
import type { AppEnv, Services } from '../app-env.ts';
import { clientIp } from '../http/client-address.ts';
import { walletRefusalAnswer } from '../http/wallet-errors.ts';
import { balanceBody, playBody, rollbackBody } from '../schemas/wallet-api.ts';
import { providerBalance, providerPlay, providerRollback } from '../services/wallet-api/calls.ts';
import { WalletRefusal } from '../services/wallet-api/refusal.ts';
import { verifyProviderSignature } from '../services/wallet-api/signature.ts';

/** The wallet paths providers call (docs/provider-api.md). */
export const WALLET_API_PATHS = {
  balance: '/wallet/v1/balance',
  play: '/wallet/v1/play',
  rollback: '/wallet/v1/rollback',
} as const;

type WalletEnv = AppEnv & { Variables: { providerId: string; rawBody: Uint8Array } };

/**
 * The seamless wallet API that game providers call: plain JSON signed with the provider's secret
 * (not the site's encrypted envelope). The signature is checked on the raw bytes before the body
 * is parsed; refusals answer `{error, message, balance}` by the one table in http/wallet-errors.ts.
 * Answers are private (no-store, app.ts) and the body limit is the API's.
 */
export function walletApiRoutes(services: Services) {
  const app = new Hono<WalletEnv>();

  const answer = async (c: Context<WalletEnv>, work: () => Promise<object>) => {
    try {
      return c.json(await work());
    } catch (error) {
      if (error instanceof WalletRefusal) return walletRefusalAnswer(c, error);
      throw error;
    }
  };

  app.use('/wallet/v1/*', async (c, next) => {
    const rawBody = new Uint8Array(await c.req.arrayBuffer());
    try {
      const providerId = await verifyProviderSignature(services, {
        providerId: c.req.header('x-provider-id'),
        signature: c.req.header('x-signature'),
        body: rawBody,
        ip: clientIp(c, services.config.auth.trustProxy),
      });
      c.set('providerId', providerId);
    } catch (error) {
      if (error instanceof WalletRefusal) return walletRefusalAnswer(c, error);
      throw error;
    }
    c.set('rawBody', rawBody);
    await next();
  });

  app.post(WALLET_API_PATHS.balance, (c) =>
    answer(c, () => providerBalance(services, c.get('providerId'), balanceBody(c.get('rawBody')))),
  );
  app.post(WALLET_API_PATHS.play, (c) =>
    answer(c, () => providerPlay(services, c.get('providerId'), playBody(c.get('rawBody')))),
  );
  app.post(WALLET_API_PATHS.rollback, (c) =>
    answer(c, () => providerRollback(services, c.get('providerId'), rollbackBody(c.get('rawBody')))),
  );

  return app;
}
