// Specs named `*.isolated.spec.ts` change files of the served site (for example
// builds/latest.json, which every open page polls). They run in the `isolated` Playwright
// project, one at a time, against their own server that serves this private copy of dist/,
// so every other spec can run in parallel against the untouched build.

/** The copy of dist/ the isolated server serves; rewrite files here, never in dist/. */
export const ISOLATED_SITE = '.data/e2e-isolated-site';

/** Matches the spec files that need the isolated server. */
export const ISOLATED_SPECS = /\.isolated\.spec\.ts$/;

/** DATA_DIR of the main e2e server and of the isolated one (scripts/server.mjs --e2e). */
export const E2E_DATA_DIR = '.data/e2e';
export const E2E_ISOLATED_DATA_DIR = '.data/e2e-isolated';

/** The markets the `*.market.spec.ts` run under (tests/e2e/market-server.ts), each on a server of its own. */
export const E2E_MARKETS = ['GB', 'DE', 'NL'] as const;
/** DATA_DIR of the server a market spec starts (its mail outbox is there). */
export const e2eMarketDataDir = (market: (typeof E2E_MARKETS)[number]) => `.data/e2e-${market.toLowerCase()}`;
