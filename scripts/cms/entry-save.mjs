// What a save in the browser editor (`persistEntry`) writes. Decap writes one file per language of
// an entry, an empty one for each language nobody wrote yet; here a translation that holds nothing
// is left out, so a new entry exists in English only until a translator adds a language (and
// `npm run i18n:status` lists it as missing there). The English entry's id is checked and taken out
// of the front matter (entry-id.mjs), and Markdown is written in the repository's style.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { blankTranslation } from '../i18n-status/status.mjs';
import { entryFile, entryIdRefusal, withoutEntryId } from './entry-id.mjs';
import { houseStyleMarkdown } from './markdown-house-style.mjs';

/** A save the editor may not make; the message is shown in the editor. */
export class EntrySaveRefused extends Error {
  /** @param {string} reason */
  constructor(reason) {
    super(reason);
    this.name = 'EntrySaveRefused';
  }
}

/**
 * persistEntry's params as they are to be written (always as `dataFiles`).
 * @param {Record<string, any>} params  already checked by the path gate
 * @param {{ root: string, defaultLocale: string }} options
 */
export function entryToSave(params, { root, defaultLocale }) {
  const files = params.dataFiles ?? (params.entry ? [params.entry] : []);
  const newEntry = params.options?.newEntry === true;
  const dataFiles = [];
  for (const file of files) {
    if (typeof file?.raw !== 'string') throw new EntrySaveRefused('an entry without text');
    if (entryFile(file.path).locale !== defaultLocale) {
      if (!blankTranslation(file.raw)) dataFiles.push({ ...file, raw: houseStyleMarkdown(file.raw) });
      continue;
    }
    const { raw, id } = withoutEntryId(file.raw);
    const refusal = entryIdRefusal({ path: file.path, id, newEntry, exists: existsSync(join(root, file.path)) });
    if (refusal) throw new EntrySaveRefused(refusal);
    dataFiles.push({ ...file, raw: houseStyleMarkdown(raw) });
  }
  const { entry: _entry, ...rest } = params;
  return { ...rest, dataFiles };
}
