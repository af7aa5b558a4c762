import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv, Services } from '../app-env.ts';
import { loadConfig } from '../config/server-config.ts';
import { CONTROL_HEADER, controlFilePath, processAlive, readControlFile } from '../operator/routes/control.ts';
import { sameSecret } from '../operator/services/session.ts';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../data-dir/private-files.ts';
import { databaseSummary } from '../services/database-status.ts';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` for embedded PGlite (docs/deploying.md
 * "Backups"). PGlite lets one process open a data folder, so while the server runs the backup
 * command asks it for the dump, through a loopback-only endpoint guarded by the secret in the
 * control file (as `npm run operator` does, operator/routes/control.ts). PostgreSQL has pg_dump.
 */
export const BACKUP_PATH = '/ops/control/backup';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** `POST /ops/control/backup` with the control secret: the gzipped tarball of the data folder. */
export function backupRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.post(BACKUP_PATH, async (c) => {
    const socketAddress = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress ?? '';
    const file = readControlFile(services.config.dataDir);
    const sent = c.req.header(CONTROL_HEADER) ?? '';
    const forwarded = c.req.header('x-forwarded-for') !== undefined;
    if (!LOOPBACK.test(socketAddress) || forwarded || !file?.secret || !sameSecret(sent, file.secret))
      return c.json({ detail: 'Not found.' }, 404);
    if (!services.db.dump) return c.json({ detail: 'The database is PostgreSQL: back it up with pg_dump.' }, 409);
    const dump = await services.db.dump();
    return c.body(dump, 200, { 'Content-Type': 'application/gzip', 'Cache-Control': 'no-store' });
  });
  return app;
}

export interface BackupDeps {
  env: Record<string, string | undefined>;
  log: (line: string) => void;
}

const PG_DUMP_HINT =
  'DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc, restore with pg_restore (docs/deploying.md "Backups").';

/**
 * Writes the file whole or not at all: a half-written backup must never look like one. It holds
 * the whole database, so it is its owner's only (a leftover partial file is made anew with that mode).
 */
function writeAtomically(path: string, bytes: Uint8Array) {
  makePrivateDir(dirname(path));
  const partial = `${path}.partial`;
  rmSync(partial, { force: true });
  writeFileSync(partial, bytes, { mode: PRIVATE_FILE_MODE });
  renameSync(partial, path);
}

/** `npm run backup -- <file>`: answers the exit code. */
export async function runBackupCommand(argv: string[], { env, log }: BackupDeps): Promise<number> {
  const [target] = argv;
  if (!target) {
    log('Usage: npm run backup -- <file.tar.gz>');
    return 2;
  }
  const config = loadConfig(env);
  if (config.databaseUrl) {
    log(PG_DUMP_HINT);
    return 2;
  }
  const path = resolve(target);
  const control = readControlFile(config.dataDir);
  if (control && control.pid !== process.pid && processAlive(control.pid)) {
    if (!control.url || !control.secret) {
      log(
        `Process ${control.pid} holds ${config.dataDir} and cannot be asked for a backup yet; try again in a moment.`,
      );
      return 1;
    }
    let response: Response;
    try {
      response = await fetch(`${control.url}${BACKUP_PATH}`, {
        method: 'POST',
        headers: { [CONTROL_HEADER]: control.secret },
      });
    } catch (error) {
      log(
        `The server (process ${control.pid}) holds ${config.dataDir} but did not answer at ${control.url} ` +
          `(${(error as Error).message}).`,
      );
      return 1;
    }
    if (response.status !== 200) {
      log(`The running server refused the backup: ${response.status}`);
      return 1;
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    writeAtomically(path, bytes);
    log(
      `Backed up ${config.dataDir} to ${path} (${bytes.length} bytes, through the running server at ${control.url}).`,
    );
    return 0;
  }
  if (!existsSync(join(config.dataDir, 'pglite'))) {
    log(`No database in ${config.dataDir}/pglite to back up.`);
    return 1;
  }
  // No server runs: open the folder ourselves, and say so in the control file meanwhile.
  writeFileSync(controlFilePath(config.dataDir), JSON.stringify({ pid: process.pid, secret: '', command: 'backup' }), {
    mode: 0o600,
  });
  try {
    const { openPglite } = await import('../db/pglite.ts');
    const db = await openPglite(join(config.dataDir, 'pglite'));
    try {
      const bytes = await db.dump!();
      writeAtomically(path, bytes);
      log(`Backed up ${config.dataDir} to ${path} (${bytes.length} bytes).`);
      return 0;
    } finally {
      await db.close();
    }
  } finally {
    if (readControlFile(config.dataDir)?.pid === process.pid) rmSync(controlFilePath(config.dataDir), { force: true });
  }
}

/**
 * `npm run restore -- <file>`: unpacks a backup into DATA_DIR/pglite, which must not hold a
 * database yet (move the old one away first: nothing is ever overwritten), with no server running.
 */
export async function runRestoreCommand(argv: string[], { env, log }: BackupDeps): Promise<number> {
  const [source] = argv;
  if (!source) {
    log('Usage: npm run restore -- <file.tar.gz>');
    return 2;
  }
  const config = loadConfig(env);
  if (config.databaseUrl) {
    log(PG_DUMP_HINT);
    return 2;
  }
  const path = resolve(source);
  if (!existsSync(path)) {
    log(`No backup at ${path}.`);
    return 1;
  }
  const control = readControlFile(config.dataDir);
  if (control && control.pid !== process.pid && processAlive(control.pid)) {
    log(`Process ${control.pid} holds ${config.dataDir}: stop the server before restoring.`);
    return 1;
  }
  const folder = join(config.dataDir, 'pglite');
  if (existsSync(folder) && readdirSync(folder).length) {
    log(`${folder} already holds a database. Move it away first (mv ${folder} ${folder}.old), then restore.`);
    return 1;
  }
  makePrivateDir(config.dataDir);
  writeFileSync(controlFilePath(config.dataDir), JSON.stringify({ pid: process.pid, secret: '', command: 'restore' }), {
    mode: 0o600,
  });
  try {
    const { openPglite } = await import('../db/pglite.ts');
    let db;
    try {
      db = await openPglite(folder, { loadDataDir: new Blob([readFileSync(path)]) });
    } catch (error) {
      rmSync(folder, { recursive: true, force: true });
      log(`${path} is not a backup this command can restore (${(error as Error).message}).`);
      return 1;
    }
    try {
      const { users, migrations } = await databaseSummary(db);
      log(
        `Restored ${path} into ${folder}: ${users} accounts, ${migrations} migrations applied. ` +
          'Start the server as usual.',
      );
      return 0;
    } finally {
      await db.close();
    }
  } finally {
    if (readControlFile(config.dataDir)?.pid === process.pid) rmSync(controlFilePath(config.dataDir), { force: true });
  }
}
