// The translation status of one entry for the browser editor (the `translationStatus` call of the
// editor's API, which editor-status.js shows beside the entry): per language up to date, stale
// (with its days and the English diff since it was translated) or missing, as `npm run i18n:status`
// computes it (scripts/i18n-status/report.mjs).
import { ContentPathRefused } from './content-paths.mjs';
import { ID_PATTERN } from '../../src/content/lint/collections.mjs';
import { statusReport } from '../i18n-status/report.mjs';

/** The editor's own call: never passed to decap-server. */
export const ENTRY_STATUS_ACTION = 'translationStatus';

/**
 * @param {string} contentDir  the folder that holds the collection folders (src/content)
 * @param {string[]} collections  the collection folders the editor shows (faq, rules, …)
 * @returns {(params: unknown) => { locale: string, state: string, why: string, days?: number, diff?: string[] }[]}
 */
export function entryStatus(contentDir, collections) {
  return (params) => {
    const { collection, id } = /** @type {Record<string, unknown>} */ (params ?? {});
    if (
      typeof collection !== 'string' ||
      !collections.includes(collection) ||
      typeof id !== 'string' ||
      !ID_PATTERN.test(id)
    )
      throw new ContentPathRefused('no such entry');
    const { rows } = statusReport(contentDir, { only: (r) => r.collection === collection && r.id === id });
    return rows.map(({ locale, state, why, days, diff }) => ({ locale, state, why, days, diff }));
  };
}

/**
 * Every entry's rows at once, by `collection/id`: the editor built for a git host has no API to
 * ask, so `npm run cms -- build` writes this next to it (translation-status.json), as of the build.
 * @param {string} contentDir
 * @returns {Record<string, { locale: string, state: string, why: string, days?: number, diff?: string[] }[]>}
 */
export function statusSnapshot(contentDir) {
  /** @type {Record<string, { locale: string, state: string, why: string, days?: number, diff?: string[] }[]>} */
  const byEntry = {};
  for (const { collection, id, locale, state, why, days, diff } of statusReport(contentDir).rows)
    (byEntry[`${collection}/${id}`] ??= []).push({ locale, state, why, days, diff });
  return byEntry;
}
