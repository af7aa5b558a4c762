// Browser tests under another licensed market (docs/markets.md). MARKET is a setting of the server,
// one per deployment, so a spec of `*.market.spec.ts` starts its own real server with that market on the
// built site: one worker runs the whole file (`test.describe.configure`), on a port of its own.
import { rmSync } from 'node:fs';
import { spawnServer } from '../../scripts/server.mjs';
import { startStandInRegister } from '../../server/src/ops/exclusion-register-stand-in.ts';
import { test as base } from './fixtures';
import { parseEnv } from '../../server/src/config/variables.ts';
import { E2E_MARKETS, e2eMarketDataDir } from './isolated-site.ts';

/** The markets a spec may run under, each on its own port after the two servers of playwright.config.ts. */
const MARKET_PORTS = { GB: 2, DE: 3, NL: 4 } as const satisfies Record<E2eMarket, number>;
export type E2eMarket = (typeof E2E_MARKETS)[number];

/**
 * `test` from ./fixtures whose page and request go to a server started with `MARKET=<market>`: a fresh
 * throwaway database, the test hooks (verify a player, pin a game's seeds) and the e2e server's limits.
 */
export function marketTest(market: E2eMarket) {
  return base.extend<object, { marketServer: { base: string } }>({
    marketServer: [
      // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other fixture
      async ({}, use) => {
        const port = parseEnv(process.env, ['E2E_PORT']).E2E_PORT + MARKET_PORTS[market];
        const site = `http://127.0.0.1:${port}`;
        // A fresh folder of its own, named so that the specs find the server's mail (helpers.ts OUTBOXES).
        const dataDir = e2eMarketDataDir(market);
        rmSync(dataDir, { recursive: true, force: true });
        // The market's exclusion register (GAMSTOP, OASIS, CRUKS), as the API suite has it: a real stand-in
        // on loopback listing nobody, so registration and sign-in are asked and answered.
        const register = await startStandInRegister();
        const server = await spawnServer({
          port,
          name: `e2e-${market.toLowerCase()}`,
          testHooks: true,
          env: {
            MARKET: market,
            DATA_DIR: dataDir,
            SITE_URL: site,
            API_URL: site,
            // As scripts/server.mjs --e2e: every browser connects from 127.0.0.1.
            REGISTER_MAX_PER_ADDRESS: '100000',
            DEMO_MAX_PER_ADDRESS: '100000',
            MAX_CONNECTIONS_PER_ADDRESS: '100000',
            KEEP_ALIVE_TIMEOUT_SECONDS: '120',
            // These specs play the market's own games; the room's 10,000,000-link chain would cost 12 s of CPU.
            CRASH_ROOM: '0',
            EXCLUSION_REGISTER_URL: register.url,
          },
        });
        await use({ base: server.base });
        server.stop();
        await register.close();
      },
      { scope: 'worker', timeout: 180_000 },
    ],
    baseURL: async ({ marketServer }, use) => use(marketServer.base),
  });
}
