// `npm test`: unit tests, then a fresh build, then the browser tests against our own server.
import { spawnSync } from 'node:child_process';

const steps = [
  ['unit tests', 'vitest', ['run']],
  ['chromium', 'node', ['scripts/ensure-chromium.mjs']],
  ['build', 'astro', ['build', '--silent']],
  ['browser tests', 'playwright', ['test']],
];

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false, env: process.env });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}
console.log('\n✔ all tests passed');
