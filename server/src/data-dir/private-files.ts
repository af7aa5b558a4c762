import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * DATA_DIR holds the database (its write-ahead log carries email addresses and password hashes),
 * the private key, mail and backups: only the user the server runs as may open anything in it.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** A folder (and any missing parents) only its owner can open, whatever the umask. */
export function makePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** What `tightenPrivateTree` changed, and what it could not (a file of another user, say). */
export interface Tightened {
  changed: number;
  failed: string[];
}

/**
 * Takes every permission beyond 0700 from the folders and beyond 0600 from the files under `root`
 * (and `root` itself); modes already as tight are left alone. Symbolic links under it are not followed.
 * One `lstat` per entry, so a start on a big folder stays cheap.
 */
export function tightenPrivateTree(root: string): Tightened {
  const result: Tightened = { changed: 0, failed: [] };
  const visit = (path: string) => {
    // `root` itself may be a link to the real folder; below it, links are not followed.
    let info;
    try {
      info = path === root ? statSync(path) : lstatSync(path);
    } catch (error) {
      // Gone since its folder was listed (a server already holding the folder removed it).
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (info.isSymbolicLink()) return;
    const allowed = info.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    const mode = info.mode & 0o7777;
    if (mode & ~allowed) {
      try {
        chmodSync(path, mode & allowed);
        result.changed += 1;
      } catch (error) {
        result.failed.push(`${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
      }
    }
    if (info.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return result;
}

/**
 * At start: from now on this process creates files for its owner only, and an existing DATA_DIR
 * made under a looser umask (or by an older version) is tightened, said once in the log.
 */
export function secureDataDir(dataDir: string, log: (line: string) => void = console.log): void {
  process.umask(0o077);
  if (!existsSync(dataDir)) return;
  const { changed, failed } = tightenPrivateTree(dataDir);
  if (changed) log(`data folder: tightened ${changed} file modes under ${dataDir} (folders 0700, files 0600)`);
  if (failed.length) log(`data folder: could not tighten ${failed.length} under ${dataDir}, first: ${failed[0]}`);
}
