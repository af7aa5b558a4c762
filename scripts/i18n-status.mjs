// `npm run i18n:status`: per Markdown entry and locale, whether the translation is missing, up to
// date, or stale (its English file changed after it). See scripts/i18n-status/status.mjs.
//   npm run i18n:status                  the entries that need work, and a summary
//   npm run i18n:status -- --all         every entry and locale
//   npm run i18n:status -- --markdown reports/i18n-status.md   also writes the full table
//   npm run i18n:status -- --strict      exit 1 when anything is missing or stale
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { LOCALES } from '../core/i18n/locales.ts';
import { CONTENT_COLLECTIONS } from '../src/content/lint/collections.mjs';
import { contentRoot } from '../src/content/lint/content-tree.mjs';
import { gitTimes, translationStatus } from './i18n-status/status.mjs';

const { values } = parseArgs({
  options: { all: { type: 'boolean' }, markdown: { type: 'string' }, strict: { type: 'boolean' } },
});
const root = new URL('..', import.meta.url).pathname;
const dir = contentRoot(root);
// The files as written (not with {support_email} expanded), so hashes do not depend on the configured address.
/** @type {Record<string, Record<string, Record<string, string>>>} [folder][locale][id] = text */
const collections = {};
/** @type {Record<string, string[]>} [folder] = translated front-matter fields */
const textFields = {};
for (const rules of Object.values(CONTENT_COLLECTIONS)) {
  collections[rules.folder] = Object.fromEntries(
    LOCALES.map((locale) => {
      const folder = join(dir, rules.folder, locale);
      const files = existsSync(folder)
        ? readdirSync(folder)
            .filter((name) => name.endsWith('.md'))
            .sort()
        : [];
      return [
        locale,
        Object.fromEntries(files.map((name) => [name.slice(0, -3), readFileSync(join(folder, name), 'utf8')])),
      ];
    }),
  );
  textFields[rules.folder] = Object.keys(rules.text);
}
const times = gitTimes(dir);
const changed =
  times &&
  ((/** @type {string} */ folder, /** @type {string} */ locale, /** @type {string} */ id) =>
    times.get(join(dir, folder, locale, `${id}.md`)));
const rows = translationStatus({ collections, textFields, locales: LOCALES, changed });

const count = (/** @type {import('./i18n-status/status.mjs').State} */ state) =>
  rows.filter((r) => r.state === state).length;
const shown = values.all ? rows : rows.filter((r) => r.state !== 'up to date');
for (const r of shown) console.log(`${r.collection}/${r.id}  ${r.locale}: ${r.state} (${r.why})`);
console.log(
  `i18n:status (${times ? 'by git history' : 'by source_hash, no git'}): ${rows.length} ` +
    `translations: ${count('up to date')} up to date, ${count('stale')} stale, ${count('missing')} ` +
    `missing${count('unknown') ? `, ${count('unknown')} unknown` : ''}`,
);

if (values.markdown) {
  const entries = [...new Set(rows.map((r) => `${r.collection}/${r.id}`))];
  const others = LOCALES.filter((l) => l !== 'en');
  const mark = { 'up to date': '✓', stale: 'stale', missing: 'missing', unknown: '?' };
  /** @param {string} entry @param {string} locale @returns {keyof typeof mark} */
  const stateOf = (entry, locale) =>
    rows.find((r) => `${r.collection}/${r.id}` === entry && r.locale === locale)?.state ?? 'unknown';
  const table = [
    `# Translation status\n\nMade by \`npm run i18n:status -- --markdown\`: ✓ up to date, **stale** (the ` +
      `English text changed after the translation), **missing**.\n`,
    `| Entry | ${others.join(' | ')} |`,
    `|---|${others.map(() => ':-:').join('|')}|`,
    ...entries.map((entry) => `| ${entry} ` + `| ${others.map((l) => mark[stateOf(entry, l)]).join(' | ')} |`),
  ];
  mkdirSync(dirname(values.markdown), { recursive: true });
  writeFileSync(values.markdown, `${table.join('\n')}\n`);
  console.log(`i18n:status: wrote ${values.markdown}`);
}
if (values.strict && (count('stale') || count('missing'))) process.exit(1);
