// Which files the browser editor may read and write: the Markdown files of the content folders and
// the pictures of the picture folder that the CMS configuration names, nothing else of the checkout
// (not .data/ with the API's private key, not src/pages/, not package.json).
import { realpath } from 'node:fs/promises';
import { basename, dirname, extname, isAbsolute, join, posix } from 'node:path';

/** Pictures an editor may upload; no SVG: the site serves public/ from its own origin, and an SVG can run script. */
export const PICTURE_EXTENSIONS = ['.webp', '.jpg', '.jpeg', '.png', '.gif', '.avif'];

/** A path the editor may not use; `reason` is the answer's text. */
export class ContentPathRefused extends Error {
  /** @param {string} reason */
  constructor(reason) {
    super(reason);
    this.name = 'ContentPathRefused';
  }
}

/**
 * @typedef {'entry' | 'picture' | 'file' | 'folder'} PathKind
 *   entry: a Markdown file of a content folder; picture: a picture of the picture folder;
 *   file: either; folder: a content or picture folder, or one inside it
 * @typedef {{ folder: string, extensions: string[] }} Area
 */

/**
 * The areas of a CMS configuration: each collection's folder with its extension, and media_folder.
 * @param {{ media_folder: string, collections: { folder: string, extension: string }[] }} config
 * @returns {{ entries: Area[], pictures: Area }}
 */
export function contentAreas(config) {
  return {
    entries: config.collections.map((c) => ({ folder: c.folder, extensions: [`.${c.extension}`] })),
    pictures: { folder: config.media_folder, extensions: PICTURE_EXTENSIONS },
  };
}

/**
 * A relative path in its one plain spelling (`src/content/faq/en/x.md`), or a refusal: no `..`,
 * no absolute path, no backslash or NUL, no `.` or empty parts.
 * @param {unknown} path
 */
export function plainPath(path) {
  if (typeof path !== 'string' || path === '') throw new ContentPathRefused('a path must be non-empty text');
  if (/[\\\0]/.test(path) || isAbsolute(path) || posix.isAbsolute(path))
    throw new ContentPathRefused(`not a relative path: ${JSON.stringify(path)}`);
  const parts = path.replace(/\/$/, '').split('/');
  if (parts.some((part) => part === '..' || part === '.' || part === ''))
    throw new ContentPathRefused(`not a plain path: ${JSON.stringify(path)}`);
  return parts.join('/');
}

/** Where `absolute` really is: the real path of its nearest existing folder or file, plus the rest. */
async function realLocation(/** @type {string} */ absolute) {
  const rest = [];
  for (let at = absolute; ; at = dirname(at)) {
    try {
      return join(await realpath(at), ...rest);
    } catch (error) {
      const code = /** @type {NodeJS.ErrnoException} */ (error).code;
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || dirname(at) === at) throw error;
      rest.unshift(basename(at));
    }
  }
}

const inside = (/** @type {string} */ folder, /** @type {string} */ path) =>
  path === folder || path.startsWith(`${folder}/`);

/**
 * The gate of one checkout: `check(path, kind)` resolves when the editor may use `path` as `kind`
 * and rejects with ContentPathRefused otherwise. It follows symbolic links: a link in a content
 * folder that points elsewhere is refused.
 * @param {string} root  the checkout
 * @param {{ entries: Area[], pictures: Area }} areas
 */
export function contentPathGate(root, { entries, pictures }) {
  /** @param {string} path @param {PathKind} kind */
  async function check(path, kind) {
    const plain = plainPath(path);
    const areas = kind === 'entry' ? entries : kind === 'picture' ? [pictures] : [...entries, pictures];
    const area = areas.find(
      ({ folder, extensions }) =>
        (kind === 'folder' ? inside(folder, plain) : plain.startsWith(`${folder}/`)) &&
        (kind === 'folder' || extensions.includes(extname(plain).toLowerCase())),
    );
    if (!area) throw new ContentPathRefused(`outside the content the editor may change: ${JSON.stringify(plain)}`);
    const [real, realArea] = await Promise.all([
      realLocation(join(root, plain)),
      realLocation(join(root, area.folder)),
    ]);
    if (!inside(realArea, real)) throw new ContentPathRefused(`leads outside its folder: ${JSON.stringify(plain)}`);
    return plain;
  }
  return { check };
}
