import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium-path.ts';
import { ISOLATED_SPECS } from './tests/e2e/isolated-site.ts';
import { parseEnv } from './server/src/config/variables.ts';

/** The test variables, through the project's one configuration schema (docs/configuration.md). */
const env = parseEnv(process.env, ['E2E_PORT', 'E2E_ISOLATED_PORT', 'E2E_BASE_URL', 'CI']);
/** The e2e suite runs against the built site served by our own server, never a mock. */
export const E2E_PORT = env.E2E_PORT;
/** The second server, for specs that rewrite files of the site (`*.isolated.spec.ts`). */
const ISOLATED_PORT = env.E2E_ISOLATED_PORT ?? E2E_PORT + 1;
/** A deployment to check instead (`npm run test:deploy`): then only `@deploy` tests run, and we start no server. */
const REMOTE = env.E2E_BASE_URL;

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, { command: string }>;

const local = (port: number) => `http://127.0.0.1:${port}`;

function ourServer(port: number, args = '--e2e'): WebServer {
  return {
    command: `node scripts/server.mjs ${args}`,
    // The crash room runs as in production, on a short chain (a 10,000,000-link one costs 12 s of
    // CPU at start) and a short betting phase, so a spec sees several games in a minute.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      CRASH_ROOM: '1',
      CRASH_ROOM_CHAIN_LENGTH: '1000',
      CRASH_ROOM_BETTING_SECONDS: '4',
    },
    url: `${local(port)}/builds/latest.json`,
    reuseExistingServer: false,
    // A fresh database and its migrations: about 10 s alone, a minute with other test runs on the machine.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  // Two workers for the two cores. Every test gets its own browser context and its own
  // players (newPlayer), so tests run in parallel by default; the isolated project below
  // holds the specs that cannot.
  workers: 2,
  fullyParallel: true,
  forbidOnly: env.CI,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  timeout: 30_000,
  use: {
    baseURL: REMOTE ?? local(E2E_PORT),
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: REMOTE
    ? [{ name: 'deploy', grep: /@deploy/ }]
    : [
        { name: 'chromium', testIgnore: ISOLATED_SPECS },
        // One file and one test at a time, against a private copy of dist/ on its own server.
        {
          name: 'isolated',
          testMatch: ISOLATED_SPECS,
          workers: 1,
          fullyParallel: false,
          use: { baseURL: local(ISOLATED_PORT) },
        },
      ],
  webServer: REMOTE ? [] : [ourServer(E2E_PORT), ourServer(ISOLATED_PORT, '--isolated')],
});
