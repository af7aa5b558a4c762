// The id of an entry (its file name and its address, `/faq#change-email`) as a field of the
// English entry in the browser editor, so a new entry gets the short id the editors' guide asks
// for instead of one made from its question. The field is never written to a file: the editor's
// server adds it to the English entries it reads and takes it out of what it saves.
import { basename } from 'node:path';
import { ID_PATTERN } from '../../src/content/lint/collections.mjs';

export const ENTRY_ID_FIELD = 'id';

/** The front-matter block's line of the field, e.g. `id: change-email`. */
const ID_LINE = new RegExp(`^${ENTRY_ID_FIELD}:.*\\r?\\n`, 'm');
const FRONT_MATTER = /^---\r?\n([\s\S]*?\r?\n)?---/;

/** `src/content/faq/en/change-email.md` → `{ locale: 'en', id: 'change-email' }` */
export function entryFile(/** @type {string} */ path) {
  const parts = path.split('/');
  return { locale: parts.at(-2) ?? '', id: basename(path).replace(/\.md$/, '') };
}

/** The text with `id: <file name>` at the top of its front matter (an English entry as the editor reads it). */
export function withEntryId(/** @type {string} */ raw, /** @type {string} */ id) {
  return FRONT_MATTER.test(raw) ? raw.replace(/^---\r?\n/, `---\n${ENTRY_ID_FIELD}: ${id}\n`) : raw;
}

/** The text without the id line (what is saved), and the id it gave, if any. */
export function withoutEntryId(/** @type {string} */ raw) {
  const block = FRONT_MATTER.exec(raw);
  const line = block?.[1]?.match(ID_LINE)?.[0];
  if (!block || !line) return { raw, id: undefined };
  const id = line
    .slice(ENTRY_ID_FIELD.length + 1)
    .trim()
    .replace(/^(['"])(.*)\1$/, '$2');
  return { raw: raw.replace(line, ''), id };
}

/**
 * Why the English file at `path` may not be saved with `id`, or null when it may. `exists` tells
 * whether that file is there already (for a new entry: the id is taken).
 * @param {{ path: string, id: string | undefined, newEntry: boolean, exists: boolean }} save
 */
export function entryIdRefusal({ path, id, newEntry, exists }) {
  const { id: fileId } = entryFile(path);
  if (id === undefined || id === '') return newEntry ? 'give the entry an id, e.g. change-email' : null;
  if (!ID_PATTERN.test(id))
    return `the id "${id}" is not valid: use lower-case letters, digits and hyphens, e.g. change-email`;
  if (!newEntry)
    return id === fileId ? null : `the id of an existing entry cannot change (it is its address): keep "${fileId}"`;
  // Decap adds -1, -2 … to an id that is taken; the editor wants to know instead.
  if (id !== fileId || exists) return `the id "${id}" is taken by another entry: choose another one`;
  return null;
}

/**
 * An answer of decap-server's file handler with the id added to each English entry in it
 * (`getEntry`: one `{ data, file }`; `entriesByFolder`, `entriesByFiles`: a list of them).
 * @param {string} action @param {unknown} value @param {string} defaultLocale
 */
export function englishEntriesWithIds(action, value, defaultLocale) {
  const add = (/** @type {any} */ item) => {
    const path = item?.file?.path;
    if (typeof path !== 'string' || typeof item.data !== 'string') return item;
    const { locale, id } = entryFile(path);
    return locale === defaultLocale ? { ...item, data: withEntryId(item.data, id) } : item;
  };
  if (action === 'getEntry') return add(value);
  if ((action === 'entriesByFolder' || action === 'entriesByFiles') && Array.isArray(value)) return value.map(add);
  return value;
}
