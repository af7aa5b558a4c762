// `npm run docs:config`: writes the table of docs/configuration.md from the configuration schema
// (server/src/config/variables.ts), so the documentation cannot drift from what the code reads.
// `npm run docs:config -- --check` only says whether the file is current (tests/unit/config-docs.test.ts does the
// same).
import { readFileSync, writeFileSync } from 'node:fs';
import { withConfigTable } from '../server/src/config/docs.ts';

const file = new URL('../docs/configuration.md', import.meta.url);
const before = readFileSync(file, 'utf8');
const after = withConfigTable(before);
if (process.argv.includes('--check')) {
  if (after !== before) {
    console.error(
      'docs/configuration.md is out of date with server/src/config/variables.ts: run `npm run docs:config`',
    );
    process.exit(1);
  }
  console.log('docs/configuration.md is current');
} else if (after === before) {
  console.log('docs/configuration.md is current');
} else {
  writeFileSync(file, after);
  console.log('docs/configuration.md: table rewritten from the schema');
}
