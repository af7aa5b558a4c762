// `npm test`: translations check, type check, unit tests, then a fresh build, its HTML validity, then the browser tests
// against our own server.
// Ends with one plain "N passed, N failed" line that counts both suites.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { FAR_DATE, farDateEnv } from './far-date.mjs';

const REPORTS = 'reports';
const farDate = process.env.TEST_DATABASE_URL ? farDateEnv() : undefined;
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS);

/** @typedef {[name: string, command: string, args: string[], env?: Record<string, string | undefined>]} Step */
/** @type {Step[]} */
const steps = [
  ['translations', 'node', ['scripts/i18n-check.mjs']],
  // A warning (never a failure) for a translation stale longer than I18N_STALE_WARN_DAYS.
  ['translation status', 'node', ['scripts/i18n-status.mjs', '--summary']],
  // The code stays as Prettier formats it (npm run format fixes it).
  ['format', 'prettier', ['--check', '.', '--log-level', 'warn']],
  // ESLint: import cycles, the layer rules (eslint.config.js), hooks, lines of at most 120 characters.
  ['lint', 'eslint', ['.']],
  ['type check', 'astro', ['check']],
  [
    'unit and API tests (PGlite)',
    'vitest',
    // The long simulations (the slow project) are `npm run test:slow`, which .ci/run runs beside these steps.
    [
      'run',
      '--project=unit',
      '--project=api',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${REPORTS}/unit.json`,
    ],
  ],
  // The same API suite against a real PostgreSQL server when one is given (CI starts one), on
  // another day (scripts/far-date.mjs): no test may pass only because of today's date.
  ...(process.env.TEST_DATABASE_URL
    ? [
        /** @type {Step} */ ([
          farDate ? `API tests (PostgreSQL, the clock at ${FAR_DATE})` : "API tests (PostgreSQL, today's date)",
          'vitest',
          [
            'run',
            '--project=api',
            '--reporter=default',
            '--reporter=json',
            `--outputFile.json=${REPORTS}/api-postgres.json`,
          ],
          { DATABASE_URL: process.env.TEST_DATABASE_URL, ...farDate },
        ]),
      ]
    : []),
  ['chromium', 'node', ['scripts/ensure-chromium.mjs']],
  ['keys', 'node', ['scripts/ensure-keys.mjs']],
  ['build', 'astro', ['build', '--silent']],
  // Every built page through the Nu Html Checker in one run (0 errors).
  ['HTML validity', 'node', ['scripts/html-check.mjs', 'dist']],
  ['browser tests', 'playwright', ['test']],
];

function summary() {
  const read = (/** @type {string} */ file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
  const vitest = [read(`${REPORTS}/unit.json`), read(`${REPORTS}/api-postgres.json`)].filter(Boolean);
  const e2e = read(`${REPORTS}/e2e.json`);
  const sum = (/** @type {string} */ field) => vitest.reduce((total, report) => total + (report[field] ?? 0), 0);
  const passed = sum('numPassedTests') + (e2e?.stats.expected ?? 0);
  const failed = sum('numFailedTests') + (e2e?.stats.unexpected ?? 0) + (e2e?.stats.flaky ?? 0);
  const skipped = sum('numPendingTests') + sum('numTodoTests') + (e2e?.stats.skipped ?? 0);
  return `tests: ${passed} passed, ${failed} failed, ${skipped} skipped`;
}

for (const [name, command, args, env = {}] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal})`);
    console.log(summary());
    process.exit(result.status || 1);
  }
}
console.log(`\n${summary()}`);
