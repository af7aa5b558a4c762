// The translation status of the content folder as `npm run i18n:status` prints it and the browser
// editor marks it: every translation's state (status.mjs) and, by git, for a stale one how many
// days it has been stale and the English diff since it was translated (stale-detail.mjs).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '../../core/i18n/locales.ts';
import { CONTENT_COLLECTIONS } from '../../src/content/lint/collections.mjs';
import { gitTimes, translationStatus } from './status.mjs';
import { daysBetween, englishDiffSince, gitTop, headTime, staleSince } from './stale-detail.mjs';

/** @typedef {import('./status.mjs').Row & { days?: number, diff?: string[] }} ReportRow */

/** [locale][id] = text of one collection folder, as written (not with {support_email} expanded). */
function readCollection(/** @type {string} */ dir, /** @type {string} */ folder) {
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const at = join(dir, folder, locale);
      const names = existsSync(at) ? readdirSync(at).filter((name) => name.endsWith('.md')) : [];
      return [locale, Object.fromEntries(names.sort().map((n) => [n.slice(0, -3), readFileSync(join(at, n), 'utf8')]))];
    }),
  );
}

/**
 * @param {string} dir  the content folder
 * @param {object} [options]
 * @param {(row: import('./status.mjs').Row) => boolean} [options.only]  the rows wanted (default: all)
 * @param {boolean} [options.diff]  add the English diff to stale rows (default: true)
 * @returns {{ rows: ReportRow[], byGit: boolean }}
 */
export function statusReport(dir, { only = () => true, diff = true } = {}) {
  const rules = Object.values(CONTENT_COLLECTIONS);
  const collections = Object.fromEntries(rules.map((r) => [r.folder, readCollection(dir, r.folder)]));
  const textFields = Object.fromEntries(rules.map((r) => [r.folder, Object.keys(r.text)]));
  const times = gitTimes(dir);
  const fileOf = (/** @type {string} */ folder, /** @type {string} */ locale, /** @type {string} */ id) =>
    join(dir, folder, locale, `${id}.md`);
  const changed =
    times &&
    ((/** @type {string} */ f, /** @type {string} */ l, /** @type {string} */ id) => times.get(fileOf(f, l, id)));
  const rows = translationStatus({ collections, textFields, locales: LOCALES, changed }).filter(only);
  const top = times && gitTop(dir);
  const now = top && headTime(top);
  return {
    byGit: Boolean(times),
    rows: rows.map((row) => {
      const translated = changed?.(row.collection, row.locale, row.id);
      if (row.state !== 'stale' || !top || !now || translated === undefined) return row;
      const english = fileOf(row.collection, 'en', row.id);
      const since = staleSince(top, english, translated);
      return {
        ...row,
        // Days up to the newest commit; 0 when English changed only in the working tree.
        days: since === undefined ? 0 : daysBetween(since, now),
        ...(diff ? { diff: englishDiffSince(top, english, fileOf(row.collection, row.locale, row.id)) } : {}),
      };
    }),
  };
}
