// Reads every Markdown file of every collection, and works out which pages and #anchors exist.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, ROUTES } from '#core/i18n/locales.mjs';
import { CONTENT_COLLECTIONS, STATIC_ANCHORS } from './collections.mjs';
import { expandContentTokens, supportEmail } from '#core/data/support-email.mjs';

/** @typedef {keyof typeof CONTENT_COLLECTIONS} CollectionKey */
/**
 * @typedef {Record<CollectionKey, Record<string, Record<string, string>>>} ContentTree tree[collection][locale][id] =
 * text
 */

/** The content folder: `src/content`, or `CONTENT_DIR` (tests point the dev server at a copy). */
export const contentRoot = (/** @type {string} */ projectRoot) =>
  process.env.CONTENT_DIR || join(projectRoot, 'src/content');

/** @param {string} dir @returns {string[]} */
const markdownFiles = (dir) => (existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.md')) : []);

/**
 * Every file's text, with `{support_email}` already replaced by a mailto link (see
 * core/data/support-email.mjs), so the check, the build and the preview see the same Markdown.
 * @param {string} root the content folder @returns {ContentTree}
 */
export function readContentTree(root) {
  const tree = /** @type {ContentTree} */ ({});
  const email = supportEmail(process.env);
  for (const [key, { folder }] of Object.entries(CONTENT_COLLECTIONS)) {
    const byLocale = (tree[/** @type {CollectionKey} */ (key)] =
      /** @type {Record<string, Record<string, string>>} */ ({}));
    for (const locale of LOCALES) {
      const dir = join(root, folder, locale);
      byLocale[locale] = Object.fromEntries(
        markdownFiles(dir)
          .sort()
          .map((file) => [file.slice(0, -3), expandContentTokens(readFileSync(join(dir, file), 'utf8'), email)]),
      );
    }
  }
  return tree;
}

/**
 * Every page address with the ids on it. A Markdown entry's id exists in every locale as soon as
 * the English file exists, because a missing translation shows the English entry.
 * @param {ContentTree} tree
 * @returns {import('./links.mjs').SiteMap}
 */
export function siteMap(tree) {
  // Entry ids first: the check suggests the first few when an #anchor is wrong.
  const site = new Map(ROUTES.map((route) => [route, new Set(/** @type {string[]} */ ([]))]));
  for (const [key, { page }] of Object.entries(CONTENT_COLLECTIONS)) {
    for (const id of Object.keys(tree[/** @type {CollectionKey} */ (key)].en ?? {})) site.get(page)?.add(id);
  }
  for (const [route, ids] of site) {
    for (const id of [
      ...STATIC_ANCHORS['*'],
      ...(STATIC_ANCHORS[/** @type {keyof typeof STATIC_ANCHORS} */ (route)] ?? []),
    ])
      ids.add(id);
  }
  return site;
}
