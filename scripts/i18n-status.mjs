// `npm run i18n:status`: per Markdown entry and locale, whether the translation is missing, up to
// date, or stale (its English file changed after it). See scripts/i18n-status/status.mjs.
//   npm run i18n:status                  the entries that need work, and a summary
//   npm run i18n:status -- --all         every entry and locale
//   npm run i18n:status -- --markdown reports/i18n-status.md   also writes the full table
//   npm run i18n:status -- --strict      exit 1 when anything is missing or stale
//   npm run i18n:status -- --fail-stale-days 30   exit 1 when a translation is stale for more than 30 days
//   npm run i18n:status -- --summary     only the summary and the warnings (what `npm test` prints)
// A stale translation is shown with the English diff since it was last committed, and for how many
// days it has been stale (stale-detail.mjs); more than I18N_STALE_WARN_DAYS days is a warning.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { LOCALES } from '../core/i18n/locales.ts';
import { contentRoot } from '../src/content/lint/content-tree.mjs';
import { statusReport } from './i18n-status/report.mjs';
import { parseEnv } from '../server/src/config/variables.ts';

const { values } = parseArgs({
  options: {
    all: { type: 'boolean' },
    markdown: { type: 'string' },
    strict: { type: 'boolean' },
    summary: { type: 'boolean' },
    'fail-stale-days': { type: 'string' },
  },
});
const failDays = values['fail-stale-days'];
if (failDays !== undefined && !/^\d+$/.test(failDays)) {
  console.error(`i18n:status: --fail-stale-days wants a whole number of days, not "${failDays}"`);
  process.exit(2);
}
const { I18N_STALE_WARN_DAYS: warnDays } = parseEnv(process.env, ['I18N_STALE_WARN_DAYS']);
const root = new URL('..', import.meta.url).pathname;
const { rows, byGit } = statusReport(contentRoot(root), { diff: !values.summary });
const staleFor = (/** @type {number} */ limit) =>
  rows.filter((r) => (r.days ?? 0) > limit).map((r) => `${r.collection}/${r.id} ${r.locale} (${r.days} days)`);

const count = (/** @type {import('./i18n-status/status.mjs').State} */ state) =>
  rows.filter((r) => r.state === state).length;
const shown = values.all ? rows : rows.filter((r) => r.state !== 'up to date');
for (const r of values.summary ? [] : shown) {
  const days = r.days === undefined ? '' : `, for ${r.days} days`;
  console.log(`${r.collection}/${r.id}  ${r.locale}: ${r.state} (${r.why})${days}`);
  if (r.diff?.length)
    console.log(`    the English text since the translation:\n${r.diff.map((l) => `    ${l}`).join('\n')}`);
}
console.log(
  `i18n:status (${byGit ? 'by git history' : 'by source_hash, no git'}): ${rows.length} ` +
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
const overdue = staleFor(warnDays);
if (overdue.length)
  console.log(
    `i18n:status: warning: ${overdue.length} translation${overdue.length === 1 ? '' : 's'} stale for more ` +
      `than ${warnDays} days (I18N_STALE_WARN_DAYS): ${overdue.join(', ')}`,
  );
if (failDays !== undefined) {
  const late = staleFor(Number(failDays));
  if (late.length) {
    console.error(
      `i18n:status: ${late.length} stale for more than ${failDays} days (--fail-stale-days): ${late.join(', ')}`,
    );
    process.exit(1);
  }
}
if (values.strict && (count('stale') || count('missing'))) process.exit(1);
