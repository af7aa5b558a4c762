// `npm run i18n:check`: the one check for editors. Every message set and Markdown entry exists,
// complete and translated, in all 14 locales; and every Markdown file follows the rules the build
// enforces (front matter, ids, links, no raw HTML, image descriptions). Prints one
// `file:line: what is wrong → what to do` line per problem and exits 1, or one summary line.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LOCALES, LOCALE_INTL } from '../core/i18n/locales.ts';
import { CONTENT_COLLECTIONS } from '../src/content/lint/collections.mjs';
import { contentRoot, readContentTree, siteMap } from '../src/content/lint/content-tree.mjs';
import { formatProblem, lintFile } from '../src/content/lint/lint-file.mjs';
import { assetLookup } from '../src/content/lint/assets.mjs';
import { checkContent, checkMessageSets } from './i18n-check/check.ts';
import { keyLines, parseJson } from './i18n-check/json.mjs';
import { findMissingBlocks, findWrongLanguage } from './i18n-check/language.mjs';

const started = performance.now();
/** The Markdown after the front matter, trimmed. */
const bodyText = (/** @type {string} */ text) => text.replace(/^---\r?\n[\s\S]*?\r?\n---[^\n]*\n?/, '').trim();
const root = new URL('..', import.meta.url).pathname;
const list = (/** @type {string} */ dir, /** @type {string} */ ending) =>
  existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(ending)) : [];

/** @type {string[]} */
const problems = [];
/** @type {Record<string, Record<string, unknown>>} sets[locale][file] = parsed JSON */
const sets = {};
/** @type {Record<string, Record<string, Record<string, number>>>} lines[locale][file][key] = line */
const lines = {};
/** @type {Set<string>} */
const broken = new Set();
for (const locale of LOCALES) {
  const localeSets = (sets[locale] = /** @type {Record<string, unknown>} */ ({}));
  const localeLines = (lines[locale] = /** @type {Record<string, Record<string, number>>} */ ({}));
  for (const file of list(join(root, 'locales', locale), '.json')) {
    const text = readFileSync(join(root, 'locales', locale, file), 'utf8');
    const { data, problem } = parseJson(text);
    if (problem) {
      // One line per broken file: its other checks wait until it can be read.
      problems.push(`locales/${locale}/${file}:${problem.line}:${problem.column}: ${problem.message} → ${problem.fix}`);
      broken.add(`${locale}/${file}`);
      continue;
    }
    localeSets[file] = data;
    localeLines[file] = keyLines(text);
  }
}
const { _about, ...allowlist } = JSON.parse(readFileSync(join(root, 'locales/identical-allowlist.json'), 'utf8'));
problems.push(...checkMessageSets({ sets, intlTags: LOCALE_INTL, allowlist, lines, broken }));

const contentDir = contentRoot(root);
const shownDir = relative(root, contentDir) || '.';
const tree = readContentTree(contentDir);
const site = siteMap(tree);
/** @type {Record<string, Record<string, Record<string, string>>>} byFolder[folder][locale][id] = Markdown */
const byFolder = {};
for (const [name, rules] of Object.entries(CONTENT_COLLECTIONS)) {
  const key = /** @type {import('../src/content/lint/content-tree.mjs').CollectionKey} */ (name);
  byFolder[rules.folder] = tree[key];
  for (const [locale, files] of Object.entries(tree[key])) {
    for (const [id, text] of Object.entries(files)) {
      const file = `${shownDir}/${rules.folder}/${locale}/${id}.md`;
      const asset = assetLookup(root, join(contentDir, rules.folder, locale, `${id}.md`));
      const result = lintFile({ file, text, locale, rules, site, asset });
      problems.push(...result.problems.map((problem) => formatProblem(file, problem)));
      if (result.data) {
        const copy = locale !== 'en' && bodyText(text) !== '' && bodyText(text) === bodyText(tree[key].en?.[id] ?? '');
        const wrong = findWrongLanguage({
          text,
          locale,
          data: result.data,
          fieldLines: result.fieldLines,
          textFields: Object.keys(rules.text),
          body: !copy,
        });
        problems.push(...wrong.map((problem) => formatProblem(file, problem)));
      }
      if (locale !== 'en' && result.data) {
        const copy = bodyText(text) !== '' && bodyText(text) === bodyText(tree[key].en?.[id] ?? '');
        const englishText = tree[key].en?.[id];
        if (englishText !== undefined && !copy) {
          const englishFile = `${shownDir}/${rules.folder}/en/${id}.md`;
          problems.push(
            ...findMissingBlocks({ text, englishText, englishFile }).map((problem) => formatProblem(file, problem)),
          );
        }
      }
    }
  }
}
problems.push(...checkContent({ collections: byFolder, locales: LOCALES, root: shownDir }));

const seconds = ((performance.now() - started) / 1000).toFixed(2);
if (problems.length) {
  const sorted = problems.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  console.error(`i18n:check found ${problems.length} problem(s) in ${seconds} s:\n  ${sorted.join('\n  ')}`);
  process.exit(1);
}
const entries = Object.values(tree).reduce((sum, byLocale) => sum + Object.keys(byLocale.en ?? {}).length, 0);
console.log(
  `i18n:check: ${LOCALES.length} locales × ${Object.keys(sets.en ?? {}).length} message sets and ${entries} ` +
    `Markdown entries: all present, translated and valid (${seconds} s)`,
);
