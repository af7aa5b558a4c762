// Where the pictures of Markdown files are: `/images/x.webp` is public/images/x.webp; a relative
// path (`x.webp`, `./x.webp`) is next to the Markdown file.
import { existsSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/**
 * @param {string} projectRoot  the folder with public/
 * @param {string} markdownFile  the Markdown file's absolute path
 * @returns {import('./lint-file.mjs').AssetLookup}
 */
export function assetLookup(projectRoot, markdownFile) {
  return (url) => {
    const path = decodeURI(url.split(/[?#]/)[0] ?? '');
    const file = path.startsWith('/')
      ? normalize(join(projectRoot, 'public', path))
      : normalize(join(dirname(markdownFile), path));
    return existsSync(file) && statSync(file).isFile() ? { size: statSync(file).size } : null;
  };
}
