// `npm run i18n:new -- faq/change-email de`: starts the translation of an entry. Writes
// src/content/faq/de/change-email.md with the front matter a translation has (the translated
// fields only; `category` and `order` stay in the English file) and the English text to translate
// in place, and records which English text it is (`source_hash`, for `npm run i18n:status`).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import yaml from 'js-yaml';
import { LOCALES, isLocale } from '../core/i18n/locales.ts';
import { CONTENT_COLLECTIONS } from '../src/content/lint/collections.mjs';
import { contentRoot } from '../src/content/lint/content-tree.mjs';
import { readFrontMatter } from '../src/content/lint/front-matter.mjs';
import { SOURCE_HASH_FIELD, sourceHash } from './i18n-status/status.mjs';

const usage = 'usage: npm run i18n:new -- <collection>/<id> <locale>   e.g. npm run i18n:new -- faq/change-email de';
const [entry, locale] = process.argv.slice(2);
const rules = Object.values(CONTENT_COLLECTIONS).find((r) => r.folder === entry?.split('/')[0]);
const id = entry?.split('/')[1];
if (!rules || !id || !locale) {
  console.error(
    `${usage}\ncollections: ${Object.values(CONTENT_COLLECTIONS)
      .map((r) => r.folder)
      .join(', ')}`,
  );
  process.exit(2);
}
if (!isLocale(locale) || locale === 'en') {
  console.error(
    `i18n:new: "${locale}" is not a language to translate into; use one ` +
      `of ${LOCALES.filter((l) => l !== 'en').join(', ')}`,
  );
  process.exit(2);
}
const root = new URL('..', import.meta.url).pathname;
const dir = contentRoot(root);
const source = join(dir, rules.folder, 'en', `${id}.md`);
const target = join(dir, rules.folder, locale, `${id}.md`);
const shown = (/** @type {string} */ path) => relative(process.cwd(), path) || path;
if (!existsSync(source)) {
  console.error(`i18n:new: there is no English entry ${shown(source)}; write it first (see docs/editing.md)`);
  process.exit(1);
}
if (existsSync(target)) {
  console.error(
    `i18n:new: ${shown(target)} already exists; edit it instead (npm run i18n:status says whether it is stale)`,
  );
  process.exit(1);
}
const english = readFileSync(source, 'utf8');
const front = readFrontMatter(english);
if (!front.data) {
  console.error(`i18n:new: the English file cannot be read; run npm run i18n:check and fix it first`);
  process.exit(1);
}
const textFields = Object.keys(rules.text);
const data = front.data;
const fields = Object.fromEntries(textFields.map((name) => [name, data[name]]));
const head =
  `${yaml.dump(fields, { lineWidth: -1, quotingType: '"' })}${SOURCE_HASH_FIELD}: ` +
  `"${sourceHash(english, textFields)}"\n`;
const body = english.replace(/^---\r?\n[\s\S]*?\r?\n---[^\n]*\n?/, '');
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `---\n${head}---\n${body}`);
console.log(
  `i18n:new: wrote ${shown(target)}. Translate ${textFields.map((f) => `"${f}:"`).join(' and ')} and the ` +
    `text below the second ---, in place; keep links, {support_email} and pictures as they are. Then npm run ` +
    `i18n:check.`,
);
