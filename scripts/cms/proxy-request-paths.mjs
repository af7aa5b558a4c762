// The paths in one call of Decap's proxy backend (`{ action, params }`), each with what it must be,
// so the editor's server can check every one before decap-server touches a file. Only the actions
// of decap-server's file-system mode are known; any other action is refused.
import { ContentPathRefused } from './content-paths.mjs';

/** @typedef {import('./content-paths.mjs').PathKind} PathKind */

/** @param {unknown} value @returns {Record<string, unknown>} */
const record = (value) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? /** @type {any} */ (value) : {};

/** @param {unknown} value @returns {unknown[]} */
const list = (value) => {
  if (!Array.isArray(value)) throw new ContentPathRefused('a list of paths is missing');
  return value;
};

/** @param {unknown} entry @returns {[unknown, PathKind][]} */
const entryPaths = (entry) => {
  const { path, newPath } = record(entry);
  return newPath === undefined
    ? [[path, 'entry']]
    : [
        [path, 'entry'],
        [newPath, 'entry'],
      ];
};

/** @type {Record<string, (params: Record<string, unknown>) => [unknown, PathKind][]>} */
const PATHS_OF = {
  info: () => [],
  getDeployPreview: () => [],
  entriesByFolder: (p) => [[p.folder, 'folder']],
  entriesByFiles: (p) => list(p.files).map((file) => [record(file).path, 'file']),
  getEntry: (p) => [[p.path, 'file']],
  persistEntry: (p) => {
    // decap-server writes `dataFiles`, or `[entry]` without them: check both whenever they are there.
    const files = [
      ...(p.dataFiles === undefined ? [] : list(p.dataFiles)),
      ...(p.entry === undefined ? [] : [p.entry]),
    ];
    return [
      ...(files.length ? files : [undefined]).flatMap(entryPaths),
      ...list(p.assets).map((asset) => /** @type {[unknown, PathKind]} */ ([record(asset).path, 'picture'])),
    ];
  },
  getMedia: (p) => [[p.mediaFolder, 'folder']],
  getMediaFile: (p) => [[p.path, 'file']],
  persistMedia: (p) => [[record(p.asset).path, 'picture']],
  deleteFile: (p) => [[p.path, 'file']],
  deleteFiles: (p) => list(p.paths).map((path) => [path, 'file']),
};

/**
 * Every path of a call, with its kind; throws ContentPathRefused for an unknown action.
 * @param {unknown} body  the parsed JSON of the call
 * @returns {[unknown, PathKind][]}
 */
export function pathsOfProxyCall(body) {
  const { action, params } = record(body);
  const paths = typeof action === 'string' && Object.hasOwn(PATHS_OF, action) ? PATHS_OF[action] : undefined;
  if (!paths) throw new ContentPathRefused('unknown action');
  return paths(record(params));
}
