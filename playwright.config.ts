import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium-path.mjs';

/** The e2e suite runs against the built site served by our own server, never a mock. */
export const E2E_PORT = Number(process.env.E2E_PORT) || 4510;

export default defineConfig({
  testDir: 'tests/e2e',
  // Some specs rewrite dist/builds/latest.json, which every page polls: run files one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    env: { PORT: String(E2E_PORT), HOST: '127.0.0.1' },
    url: `http://127.0.0.1:${E2E_PORT}/builds/latest.json`,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
