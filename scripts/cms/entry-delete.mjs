// Deleting in the browser editor, language by language (the `deleteTranslations` call of the editor's
// API, which the "Delete languages…" form of editor-status.js makes). Decap's own "Delete entry"
// removes the files of all 14 languages after one browser confirm, so the editor's API refuses it
// for Markdown entries. Deleting English deletes the entry in every language (a translation
// without its English file has no category, order or address) and needs the entry's id typed.
import { unlink } from 'node:fs/promises';
import { ContentPathRefused } from './content-paths.mjs';
import { ID_PATTERN } from '../../src/content/lint/collections.mjs';

/** The editor's own call: never passed to decap-server. */
export const ENTRY_DELETE_ACTION = 'deleteTranslations';

/** A delete the editor asked for that is not done; `message` is the answer's text. */
export class EntryDeleteRefused extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'EntryDeleteRefused';
  }
}

/** Is this a call of Decap's own delete of an entry's Markdown files (pictures may be deleted)? */
export function isDecapEntryDelete(/** @type {any} */ body) {
  const paths =
    body?.action === 'deleteFiles' ? body.params?.paths : body?.action === 'deleteFile' ? [body.params?.path] : [];
  return Array.isArray(paths) && paths.some((path) => typeof path === 'string' && /\.md$/i.test(path));
}

export const DECAP_DELETE_REFUSAL =
  'delete an entry with "Delete languages…" in its translation panel (bottom left): it asks which languages';

/**
 * @param {object} options
 * @param {{ name: string, folder: string }[]} options.collections  the editor's collections
 * @param {readonly string[]} options.locales
 * @param {string} options.defaultLocale
 * @param {{ check(path: string, kind: import('./content-paths.mjs').PathKind): Promise<string> }} options.gate
 * @param {string} options.root  the checkout
 * @param {(path: string) => boolean} options.exists  whether a file of the checkout exists
 * @returns {(params: unknown) => Promise<{ deleted: string[] }>}
 */
export function entryDelete({ collections, locales, defaultLocale, gate, root, exists }) {
  return async (params) => {
    const { collection, id, locales: chosen, confirmId } = /** @type {Record<string, unknown>} */ (params ?? {});
    const folder = collections.find((c) => c.name === collection)?.folder;
    if (!folder || typeof id !== 'string' || !ID_PATTERN.test(id)) throw new ContentPathRefused('no such entry');
    if (!Array.isArray(chosen) || chosen.length === 0) throw new EntryDeleteRefused('choose at least one language');
    const unknown = chosen.find((locale) => !locales.includes(locale));
    if (unknown !== undefined) throw new EntryDeleteRefused(`there is no language ${JSON.stringify(unknown)}`);
    const pathOf = (/** @type {string} */ locale) => `${folder}/${locale}/${id}.md`;
    const whole = chosen.includes(defaultLocale);
    if (whole && confirmId !== id)
      throw new EntryDeleteRefused(
        `deleting ${defaultLocale} deletes the entry in every language: type its id "${id}" to confirm`,
      );
    const targets = (whole ? locales : chosen).map(pathOf).filter((path) => exists(path));
    if (targets.length === 0) throw new EntryDeleteRefused('none of these languages has a file');
    for (const path of targets) await gate.check(path, 'entry');
    for (const path of targets) await unlink(`${root}/${path}`);
    return { deleted: targets };
  };
}
