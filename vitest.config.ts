/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    // Each API test file opens its own database; PGlite's start-up takes a few seconds.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    environment: 'node',
  },
});
