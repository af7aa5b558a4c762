import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../data-dir/private-files.ts';

type PostgresModule = Parameters<NodeFS['init']>[1];

/** The part of Emscripten's NODEFS (the folder on disk behind PGlite's files) that sets modes. */
interface NodeFsModes {
  doSetAttr: (target: unknown, node: unknown, attr: { mode?: number }, ...rest: unknown[]) => void;
  node_ops: { mknod: (parent: unknown, name: string, mode: number, dev: number) => unknown };
}

const S_IFDIR = 0o040000;
const TYPE_BITS = 0o170000;

/** A mode with no more permission than a private folder or file has (type bits kept). */
const privateMode = (mode: number) =>
  (mode & TYPE_BITS) | (mode & ((mode & TYPE_BITS) === S_IFDIR ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE));

/**
 * PGlite's folder on disk, with every folder 0700 and every file 0600. Postgres inside PGlite
 * creates its files 0777 and then chmods them to 0666 (`pg_wal/*`, `global/*`, every table), so
 * neither the umask nor a walk at start would keep new ones private: both calls are narrowed here,
 * before the folder is mounted.
 */
export class PrivateNodeFS extends NodeFS {
  override init(pg: PGlite, options: Partial<PostgresModule>) {
    const narrowModes = (module: { NODEFS: unknown }) => {
      const nodefs = module.NODEFS as NodeFsModes;
      const setAttr = nodefs.doSetAttr.bind(nodefs);
      nodefs.doSetAttr = (target, node, attr, ...rest) =>
        setAttr(target, node, attr.mode === undefined ? attr : { ...attr, mode: privateMode(attr.mode) }, ...rest);
      const mknod = nodefs.node_ops.mknod.bind(nodefs.node_ops);
      nodefs.node_ops.mknod = (parent, name, mode, dev) => mknod(parent, name, privateMode(mode), dev);
    };
    return super.init(pg, { ...options, preRun: [narrowModes, ...(options.preRun ?? [])] });
  }
}
