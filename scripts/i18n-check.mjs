// `npm run i18n:check`: every message set and Markdown entry exists, complete and translated, in
// all 14 locales. Prints one line per problem and exits 1, or one summary line and exits 0.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, LOCALE_INTL } from '../src/i18n/locales.mjs';
import { checkContent, checkMessageSets } from './i18n-check/check.mjs';

const root = new URL('..', import.meta.url).pathname;
const list = (dir, ending) => (existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(ending)) : []);
const CONTENT_FOLDERS = { faq: ['category', 'order'], rules: ['order'], 'responsible-gaming': ['order'], loyalty: ['order'] };

const problems = [];
const sets = {};
for (const locale of LOCALES) {
  sets[locale] = {};
  for (const file of list(join(root, 'locales', locale), '.json')) {
    try {
      sets[locale][file] = JSON.parse(readFileSync(join(root, 'locales', locale, file), 'utf8'));
    } catch (error) {
      problems.push(`locales/${locale}/${file}: not valid JSON (${error.message})`);
    }
  }
}
const { _about, ...allowlist } = JSON.parse(readFileSync(join(root, 'locales/identical-allowlist.json'), 'utf8'));
problems.push(...checkMessageSets({ sets, intlTags: LOCALE_INTL, allowlist }));

const collections = {};
for (const folder of Object.keys(CONTENT_FOLDERS)) {
  collections[folder] = {};
  for (const locale of LOCALES) {
    const dir = join(root, 'src/content', folder, locale);
    collections[folder][locale] = Object.fromEntries(list(dir, '.md').map((file) => [file.slice(0, -3), readFileSync(join(dir, file), 'utf8')]));
  }
}
problems.push(...checkContent({ collections, locales: LOCALES, fixedFields: CONTENT_FOLDERS }));

if (problems.length) {
  console.error(`i18n:check found ${problems.length} problem(s):\n  ${problems.sort().join('\n  ')}`);
  process.exit(1);
}
const entries = Object.values(collections).reduce((sum, byLocale) => sum + Object.keys(byLocale.en).length, 0);
console.log(`i18n:check: ${LOCALES.length} locales × ${Object.keys(sets.en).length} message sets and ${entries} Markdown entries: all present and translated`);
