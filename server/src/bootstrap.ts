import type { ServerConfig } from './config.ts';
import type { Services } from './app-env.ts';
import { openDatabase } from './db/open.ts';
import { seed } from './db/seed.ts';
import { ensureKeyPair, loadPrivateKeys } from './keys.ts';

/**
 * Everything the app needs, in start order: the key pair (made on first start), the database
 * (migrated), and the seed data.
 */
export async function openServices(config: ServerConfig, env: Record<string, string | undefined> = process.env): Promise<Services> {
  ensureKeyPair(env);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema: env.DATABASE_SCHEMA });
  await seed(db, config);
  return { db, config, privateKeys: loadPrivateKeys(env) };
}
