import type { ServerConfig } from './config/server-config.ts';
import type { Services } from './app-env.ts';
import { systemClock, type Clock } from './base/clock.ts';
import { openDatabase } from './db/open.ts';
import { seed } from './db/seed.ts';
import { createMailer } from './mail/mailer.ts';
import { PasswordQueue } from './services/password-queue.ts';
import { ensureKeyPair, loadPrivateKeys } from './data-dir/key-pair.ts';

/**
 * Everything the app needs, in start order: the key pair (made on first start), the database
 * (migrated), and the seed data. `clock` is every server time (the test server passes a movable one).
 */
export async function openServices(config: ServerConfig, clock: Clock = systemClock): Promise<Services> {
  // The key helpers are shared with the build and the start script, which read the same names.
  const keyFiles = {
    DATA_DIR: config.dataDir,
    RSA_PRIVATE_KEY_FILE: config.keys.privateKeyFile,
    RSA_PREVIOUS_PRIVATE_KEY_FILE: config.keys.previousPrivateKeyFile,
  };
  ensureKeyPair(keyFiles);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    schema: config.databaseSchema,
  });
  await seed(db, config, clock);
  const passwords = new PasswordQueue(config.auth.passwordConcurrency, config.auth.passwordQueueMax);
  return {
    db,
    config,
    privateKeys: loadPrivateKeys(keyFiles),
    clock,
    passwords,
    mailer: createMailer(config.mail),
  };
}
