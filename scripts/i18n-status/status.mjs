// Translation status of the Markdown entries, per entry and locale: missing, up to date or
// stale. A translation is stale when its English file changed after it: by git history, as
// Lunaria does (the last commit that touched each file; a file changed and not yet committed
// counts as changed now), and outside git by the hash of the English text that
// `npm run i18n:new` records in the translation's front matter (`source_hash`).
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readFrontMatter } from '../../src/content/lint/front-matter.mjs';
import { gitTop } from './stale-detail.mjs';

import { SOURCE_HASH_FIELD } from '../../src/content/lint/collections.mjs';

export { SOURCE_HASH_FIELD };

/**
 * The hash of what translators translate in an English file: its text fields and its body, not
 * `category` or `order` (moving an entry does not make its translations stale).
 * @param {string} englishText @param {string[]} textFields
 */
export function sourceHash(englishText, textFields) {
  const front = readFrontMatter(englishText);
  const body = englishText.replace(/^---\r?\n[\s\S]*?\r?\n---[^\n]*\n?/, '').trim();
  const fields = textFields.map((name) => String(front.data?.[name] ?? '')).join('\n');
  // `en-` first, so YAML always reads it as text, quoted or not (the browser editor drops the quotes).
  return `en-${createHash('sha256').update(`${fields}\n\n${body}`).digest('hex').slice(0, 12)}`;
}

/**
 * A translation file that holds nothing to read: empty, without a front-matter block, or with no
 * value in its front matter and no text below it. It counts as missing, never as up to date.
 * @param {string} text
 */
export function blankTranslation(text) {
  const front = readFrontMatter(text);
  if (!front.data) return true;
  const body = text.split(/\r?\n/).slice(front.endLine).join('\n');
  const filled = Object.values(front.data).some((value) => value !== null && String(value).trim() !== '');
  return !filled && body.trim() === '';
}

/**
 * When each file under `dir` last changed, by git: the time of the last commit that touched it,
 * or now for a file changed and not committed. Null when `dir` is not in a git work tree.
 * @param {string} dir @returns {Map<string, number> | null}  absolute path → seconds since 1970
 */
export function gitTimes(dir) {
  const top = gitTop(dir);
  if (top === null) return null;
  const times = new Map();
  const log = execFileSync(
    'git',
    ['log', '--format=@%ct', '--name-only', '--no-renames', '--', relative(top, dir) || '.'],
    { cwd: top, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  let time = 0;
  for (const line of log.split('\n')) {
    if (line.startsWith('@')) time = Number(line.slice(1));
    else if (line.trim() && !times.has(join(top, line))) times.set(join(top, line), time);
  }
  // Changed and not committed (or new): as of the file's own modification time, which is after its last commit.
  const dirty = execFileSync(
    'git',
    ['status', '--porcelain', '--untracked-files=all', '--no-renames', '--', relative(top, dir) || '.'],
    { cwd: top, encoding: 'utf8' },
  );
  for (const line of dirty.split('\n')) {
    const path = line.slice(3).trim();
    if (!path) continue;
    const full = join(top, path.replace(/^"|"$/g, ''));
    try {
      times.set(full, Math.max(times.get(full) ?? 0, Math.floor(statSync(full).mtimeMs / 1000)));
    } catch {
      times.delete(full); // deleted
    }
  }
  return times;
}

/**
 * @typedef {'missing' | 'up to date' | 'stale' | 'unknown'} State
 * @typedef {{ collection: string, id: string, locale: string, state: State, why: string }} Row
 */

/**
 * @param {object} input
 * @param {Record<string, Record<string, Record<string, string>>>} input.collections  [folder][locale][id] = text
 * @param {Record<string, string[]>} input.textFields  [folder] = translated front-matter fields
 * @param {string[]} input.locales
 * @param {((folder: string, locale: string, id: string) => number | undefined) | null} input.changed
 *   when a file last changed (git), or null outside git
 * @returns {Row[]}
 */
export function translationStatus({ collections, textFields, locales, changed }) {
  /** @type {Row[]} */
  const rows = [];
  const day = (/** @type {number} */ seconds) => new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ');
  for (const [folder, byLocale] of Object.entries(collections)) {
    for (const [id, englishText] of Object.entries(byLocale.en ?? {})) {
      const hash = sourceHash(englishText, textFields[folder] ?? []);
      for (const locale of locales.filter((l) => l !== 'en')) {
        const text = byLocale[locale]?.[id];
        const row = { collection: folder, id, locale };
        if (text === undefined) {
          rows.push({ ...row, state: 'missing', why: `npm run i18n:new -- ${folder}/${id} ${locale}` });
          continue;
        }
        if (blankTranslation(text)) {
          rows.push({
            ...row,
            state: 'missing',
            why:
              `the file is empty or has no front matter: delete ${folder}/${locale}/${id}.md, then npm run ` +
              `i18n:new -- ${folder}/${id} ${locale}`,
          });
          continue;
        }
        const english = changed?.(folder, 'en', id);
        const mine = changed?.(folder, locale, id);
        if (english !== undefined && mine !== undefined) {
          rows.push(
            english > mine
              ? { ...row, state: 'stale', why: `English changed ${day(english)} UTC, the translation ${day(mine)} UTC` }
              : { ...row, state: 'up to date', why: 'by git history' },
          );
          continue;
        }
        const value = readFrontMatter(text).data?.[SOURCE_HASH_FIELD];
        const recorded = value === undefined || value === null ? undefined : String(value);
        if (recorded === undefined)
          rows.push({
            ...row,
            state: 'unknown',
            why: `no git history and no ${SOURCE_HASH_FIELD} in the front matter`,
          });
        else if (recorded === hash)
          rows.push({ ...row, state: 'up to date', why: `${SOURCE_HASH_FIELD} matches the English text` });
        else
          rows.push({
            ...row,
            state: 'stale',
            why:
              `the English text changed since it was translated (${SOURCE_HASH_FIELD} ${recorded}, English ` +
              `now ${hash})`,
          });
      }
    }
  }
  return rows;
}
