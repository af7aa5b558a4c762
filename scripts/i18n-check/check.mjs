// The rules behind `npm run i18n:check`, as pure functions over already-read files so that
// tests can feed them broken input. Each problem is one line naming the file and the key.

const PLURAL_SUFFIX = /^(.*)_(zero|one|two|few|many|other)$/;

/** @param {unknown} node @returns {Record<string, unknown>} */
export function flatten(node, prefix = '') {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return { [prefix]: node };
  return Object.entries(node).reduce((all, [key, value]) => ({ ...all, ...flatten(value, prefix ? `${prefix}.${key}` : key) }), {});
}

/** @param {string} text */
export const placeholders = (text) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort().join(',');

/** Bases of plural keys: English has `<base>_other`. */
function pluralBases(english) {
  return new Set(Object.keys(english).flatMap((key) => (key.endsWith('_other') ? [key.slice(0, -'_other'.length)] : [])));
}

/**
 * @param {object} input
 * @param {Record<string, Record<string, unknown>>} input.sets  sets[locale][file] = parsed JSON
 * @param {Record<string, string>} input.intlTags  locale → BCP 47 tag for Intl.PluralRules
 * @param {Record<string, Record<string, string[]>>} [input.allowlist]  allowlist[locale][file] = keys that may equal English
 * @returns {string[]}
 */
export function checkMessageSets({ sets, intlTags, allowlist = {} }) {
  const problems = [];
  const english = sets.en ?? {};
  for (const [locale, files] of Object.entries(sets)) {
    if (locale === 'en') continue;
    for (const file of Object.keys(files)) {
      if (!(file in english)) problems.push(`locales/${locale}/${file}: extra file with no English original`);
    }
    for (const [file, englishSet] of Object.entries(english)) {
      const where = `locales/${locale}/${file}`;
      if (!(file in files)) {
        problems.push(`${where}: missing file`);
        continue;
      }
      const source = flatten(englishSet);
      const target = flatten(files[file]);
      const bases = pluralBases(source);
      const categories = new Intl.PluralRules(intlTags[locale]).resolvedOptions().pluralCategories;
      const expected = new Map();
      for (const [key, value] of Object.entries(source)) {
        const plural = PLURAL_SUFFIX.exec(key);
        if (plural && bases.has(plural[1])) {
          for (const category of categories) expected.set(`${plural[1]}_${category}`, source[`${plural[1]}_other`]);
        } else {
          expected.set(key, value);
        }
      }
      const allowed = new Set(allowlist[locale]?.[file] ?? []);
      for (const key of expected.keys()) if (!(key in target)) problems.push(`${where}: missing key "${key}"`);
      for (const [key, value] of Object.entries(target)) {
        if (!expected.has(key)) {
          problems.push(`${where}: extra key "${key}"`);
          continue;
        }
        const original = expected.get(key);
        if (typeof value !== 'string') problems.push(`${where}: "${key}" must be a string`);
        else if (value.trim() === '') problems.push(`${where}: empty value for "${key}"`);
        else {
          if (value === original && !allowed.has(key)) problems.push(`${where}: "${key}" is identical to English ("${value}")`);
          if (placeholders(value) !== placeholders(String(original))) {
            problems.push(`${where}: "${key}" has placeholders {${placeholders(value)}} but English has {${placeholders(String(original))}}`);
          }
        }
      }
    }
  }
  return problems;
}

/** The Markdown after the front-matter block, and the line it starts on. */
function bodyOf(/** @type {string} */ markdown) {
  const match = /^---\r?\n[\s\S]*?\r?\n---[^\n]*\n?/.exec(markdown);
  const head = match?.[0] ?? '';
  return { body: markdown.slice(head.length), line: head.split('\n').length };
}

/**
 * Translation completeness of the Markdown collections. Each file's own rules (front matter, ids,
 * links, HTML, images) are checked by `src/content/lint/`, which the build uses too.
 * @param {object} input
 * @param {Record<string, Record<string, Record<string, string>>>} input.collections  collections[folder][locale][id] = Markdown text
 * @param {string[]} input.locales
 * @param {string} [input.root]  the content folder as shown in messages
 * @returns {string[]}
 */
export function checkContent({ collections, locales, root = 'src/content' }) {
  const problems = [];
  for (const [folder, byLocale] of Object.entries(collections)) {
    const english = byLocale.en ?? {};
    for (const locale of locales.filter((l) => l !== 'en')) {
      const entries = byLocale[locale] ?? {};
      for (const [id, source] of Object.entries(english)) {
        const where = `${root}/${folder}/${locale}/${id}.md`;
        const text = entries[id];
        if (text === undefined) {
          problems.push(`${where}: missing, so the page shows the English entry → copy ${root}/${folder}/en/${id}.md here and translate it`);
          continue;
        }
        const mine = bodyOf(text);
        if (mine.body.trim() !== '' && mine.body.trim() === bodyOf(source).body.trim()) {
          problems.push(`${where}:${mine.line}: the text is identical to English → translate it`);
        }
      }
      for (const id of Object.keys(entries)) {
        if (!(id in english)) {
          problems.push(`${root}/${folder}/${locale}/${id}.md:1: no English original with this name, so it is never shown → rename it to match a file in ${root}/${folder}/en/, or delete it`);
        }
      }
    }
  }
  return problems;
}
