// `npm test`: translations check, type check, unit tests, then a fresh build, then the browser tests against our own server.
// Ends with one plain "N passed, N failed" line that counts both suites.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const REPORTS = 'reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS);

const steps = [
  ['translations', 'node', ['scripts/i18n-check.mjs']],
  ['type check', 'astro', ['check']],
  ['unit tests', 'vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/unit.json`]],
  ['chromium', 'node', ['scripts/ensure-chromium.mjs']],
  ['build', 'astro', ['build', '--silent']],
  ['browser tests', 'playwright', ['test']],
];

function summary() {
  const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
  const unit = read(`${REPORTS}/unit.json`);
  const e2e = read(`${REPORTS}/e2e.json`);
  const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats.expected ?? 0);
  const failed = (unit?.numFailedTests ?? 0) + (e2e?.stats.unexpected ?? 0) + (e2e?.stats.flaky ?? 0);
  const skipped = (unit?.numPendingTests ?? 0) + (unit?.numTodoTests ?? 0) + (e2e?.stats.skipped ?? 0);
  return `tests: ${passed} passed, ${failed} failed, ${skipped} skipped`;
}

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal})`);
    console.log(summary());
    process.exit(result.status || 1);
  }
}
console.log(`\n${summary()}`);
