import { Hono } from 'hono';
import { API_PATHS, type MarketInfo } from '#core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { marketInfo } from '../services/markets/market-info.ts';

/** The licensed market, public: the footer names the regulator and the licence number from it. */
export function marketRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.get(API_PATHS.market, (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json<MarketInfo>(marketInfo(services.config.market));
  });
  return app;
}
