// The rules behind `npm run i18n:check`, as pure functions over already-read files so that
// tests can feed them broken input. Each problem is one line naming the file and the key.

const PLURAL_SUFFIX = /^(.*)_(zero|one|two|few|many|other)$/;

export function flatten(node: unknown, prefix = ''): Record<string, unknown> {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return { [prefix]: node };
  return Object.entries(node).reduce(
    (all: Record<string, unknown>, [key, value]) => ({ ...all, ...flatten(value, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

export const placeholders = (text: string): string =>
  [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort().join(',');

/**
 * What is wrong with a translation's {placeholders}, and which to write; null when they match.
 * The names in braces are filled in by the site and must stay exactly as in English.
 */
export function placeholderMismatch(value: string, original: string): string | null {
  const mine = new Set(placeholders(value).split(',').filter(Boolean));
  const theirs = new Set(placeholders(original).split(',').filter(Boolean));
  const missing = [...theirs].filter((name) => !mine.has(name));
  const extra = [...mine].filter((name) => !theirs.has(name));
  if (missing.length === 0 && extra.length === 0) return null;
  const list = (names: string[]) => names.map((n) => `{${n}}`).join(', ');
  if (missing.length > 0 && extra.length > 0 && missing.length === extra.length) {
    return (
      `has ${list(extra)}, which English does not have → ` +
      `write ${missing.map((n, i) => `{${n}} instead of {${extra[i]}}`).join(', ')} (the names in braces ` +
      `stay in English)`
    );
  }
  const parts = [];
  if (missing.length > 0) parts.push(`lacks ${list(missing)}`);
  if (extra.length > 0) parts.push(`has ${list(extra)}, which English does not have`);
  const fixes = [];
  if (missing.length > 0)
    fixes.push(`write ${list(missing)} where the English text has ${missing.length > 1 ? 'them' : 'it'}`);
  if (extra.length > 0) fixes.push(`delete ${list(extra)}`);
  return `${parts.join(' and ')} → ${fixes.join('; ')} (the names in braces stay in English)`;
}

/** Bases of plural keys: English has `<base>_other`. */
function pluralBases(english: Record<string, unknown>): Set<string> {
  return new Set(
    Object.keys(english).flatMap((key) => (key.endsWith('_other') ? [key.slice(0, -'_other'.length)] : [])),
  );
}

export interface MessageSetsInput {
  /** sets[locale][file] = parsed JSON */
  sets: Record<string, Record<string, unknown>>;
  /** locale → BCP 47 tag for Intl.PluralRules */
  intlTags: Record<string, string>;
  /** allowlist[locale][file] = keys that may equal English */
  allowlist?: Record<string, Record<string, string[]>>;
  /** lines[locale][file][key] = line of the key */
  lines?: Record<string, Record<string, Record<string, number>>>;
  /** `locale/file` of files that could not be read (already reported once) */
  broken?: Set<string>;
}

export function checkMessageSets({
  sets,
  intlTags,
  allowlist = {},
  lines = {},
  broken = new Set(),
}: MessageSetsInput): string[] {
  const problems: string[] = [];
  const english = sets.en ?? {};
  for (const [locale, files] of Object.entries(sets)) {
    if (locale === 'en') continue;
    for (const file of Object.keys(files)) {
      if (!(file in english) && !broken.has(`en/${file}`))
        problems.push(`locales/${locale}/${file}: extra file with no English original`);
    }
    for (const [file, englishSet] of Object.entries(english)) {
      if (broken.has(`${locale}/${file}`)) continue;
      const file_ = `locales/${locale}/${file}`;
      /** `locales/de/x.json:12` for a key, so an editor can jump to it. */
      const at = (key: string) => {
        const line = lines[locale]?.[file]?.[key];
        return line ? `${file_}:${line}` : file_;
      };
      const where = file_;
      if (!(file in files)) {
        problems.push(`${where}: missing file`);
        continue;
      }
      const source = flatten(englishSet);
      const target = flatten(files[file]);
      const bases = pluralBases(source);
      const categories = new Intl.PluralRules(intlTags[locale]).resolvedOptions().pluralCategories;
      const expected = new Map<string, unknown>();
      for (const [key, value] of Object.entries(source)) {
        const plural = PLURAL_SUFFIX.exec(key);
        if (plural?.[1] !== undefined && bases.has(plural[1])) {
          for (const category of categories) expected.set(`${plural[1]}_${category}`, source[`${plural[1]}_other`]);
        } else {
          expected.set(key, value);
        }
      }
      const allowed = new Set(allowlist[locale]?.[file] ?? []);
      for (const key of expected.keys()) if (!(key in target)) problems.push(`${where}: missing key "${key}"`);
      for (const [key, value] of Object.entries(target)) {
        if (!expected.has(key)) {
          problems.push(`${at(key)}: extra key "${key}"`);
          continue;
        }
        const original = expected.get(key);
        if (typeof value !== 'string') problems.push(`${at(key)}: "${key}" must be a string`);
        else if (value.trim() === '') problems.push(`${at(key)}: empty value for "${key}"`);
        else {
          if (value === original && !allowed.has(key))
            problems.push(`${at(key)}: "${key}" is identical to English ("${value}")`);
          const mismatch = placeholderMismatch(value, String(original));
          if (mismatch) problems.push(`${at(key)}: "${key}" ${mismatch}`);
        }
      }
    }
  }
  return problems;
}

/** The Markdown after the front-matter block, and the line it starts on. */
function bodyOf(markdown: string) {
  const match = /^---\r?\n[\s\S]*?\r?\n---[^\n]*\n?/.exec(markdown);
  const head = match?.[0] ?? '';
  return { body: markdown.slice(head.length), line: head.split('\n').length };
}

/**
 * Translation completeness of the Markdown collections. Each file's own rules (front matter, ids,
 * links, HTML, images) are checked by `src/content/lint/`, which the build uses too.
 */
export function checkContent({
  collections,
  locales,
  root = 'src/content',
}: {
  /** collections[folder][locale][id] = Markdown text */
  collections: Record<string, Record<string, Record<string, string>>>;
  locales: string[];
  /** the content folder as shown in messages */
  root?: string;
}): string[] {
  const problems: string[] = [];
  for (const [folder, byLocale] of Object.entries(collections)) {
    const english = byLocale.en ?? {};
    for (const locale of locales.filter((l) => l !== 'en')) {
      const entries = byLocale[locale] ?? {};
      for (const [id, source] of Object.entries(english)) {
        const where = `${root}/${folder}/${locale}/${id}.md`;
        const text = entries[id];
        if (text === undefined) {
          problems.push(
            `${where}: missing, so the page shows the English entry → run npm run i18n:new ` +
              `-- ${folder}/${id} ${locale}, then translate the file`,
          );
          continue;
        }
        const mine = bodyOf(text);
        if (mine.body.trim() !== '' && mine.body.trim() === bodyOf(source).body.trim()) {
          problems.push(`${where}:${mine.line}: the text is identical to English → translate it`);
        }
      }
      for (const id of Object.keys(entries)) {
        if (!(id in english)) {
          problems.push(
            `${root}/${folder}/${locale}/${id}.md:1: no English original with this name, so it is never ` +
              `shown → rename it to match a file in ${root}/${folder}/en/, or delete it`,
          );
        }
      }
    }
  }
  return problems;
}
