import { getViteConfig } from 'astro/config';
import { configDefaults } from 'vitest/config';

/** Long simulations (`npm run test:slow`): out of the unit step, run by `.ci/run` beside `npm test`. */
const SLOW = '**/*.slow.test.ts';

export default getViteConfig({
  test: {
    // Each API test file opens its own database; PGlite's start-up takes a few seconds.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    environment: 'node',
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: [...configDefaults.exclude, SLOW] },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, SLOW],
          // One migrated database snapshot and one key pair per run (tests/api/fixtures/api-global-setup.ts).
          globalSetup: ['tests/api/fixtures/api-global-setup.ts'],
        },
      },
      { extends: true, test: { name: 'slow', include: [`tests/${SLOW}`], testTimeout: 600_000 } },
    ],
  },
});
