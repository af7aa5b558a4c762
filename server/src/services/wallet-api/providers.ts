import { randomBytes } from 'node:crypto';
import { toCents } from '#core/api/money.ts';
import type { Services } from '../../app-env.ts';
import type { Queryable } from '../../db/database.ts';
import { open, seal } from '../secret-box.ts';

/**
 * Game providers and their games, as the wallet API needs them: registered by the back office and
 * `npm run operator -- add-provider` (operator/services/game-provider-admin.ts) and the tests. A
 * secret is shown once, when it is made, and kept sealed with the server's secret box.
 */

export interface NewProvider {
  id: string;
  baseUrl: string;
  /** Addresses or CIDR blocks the provider calls from; empty allows any. */
  allowedAddresses?: string[];
}

/** What a change to a provider needs; `db` may be a transaction, so the change and its audit row commit together. */
type ProviderWriter = Pick<Services, 'privateKeys' | 'clock'> & { db: Queryable };

/** A new shared secret: 32 random bytes as base64url text (the HMAC key is this text as UTF-8). */
const newSecret = () => randomBytes(32).toString('base64url');

/** Registers a provider with one fresh secret, answered once. */
export async function registerProvider(
  { db, privateKeys, clock }: ProviderWriter,
  provider: NewProvider,
): Promise<{ secret: string }> {
  const secret = newSecret();
  await db.query(
    `INSERT INTO game_providers (id, base_url, sealed_secrets, allowed_addresses, created_at)
     VALUES ($1, $2, $3::text[], $4::text[], $5)`,
    [
      provider.id,
      provider.baseUrl,
      [seal(privateKeys, secret)],
      provider.allowedAddresses ?? [],
      clock().toISOString(),
    ],
  );
  return { secret };
}

/**
 * Starts a rotation: a new secret becomes the first, the newest of the old ones stays accepted
 * beside it until `retireOldSecret`. Answers the new secret once.
 */
export async function rotateProviderSecret({ db, privateKeys }: Omit<ProviderWriter, 'clock'>, providerId: string) {
  const secret = newSecret();
  const rows = await db.query(
    `UPDATE game_providers SET sealed_secrets = ARRAY[$2, sealed_secrets[1]] WHERE id = $1 RETURNING 1`,
    [providerId, seal(privateKeys, secret)],
  );
  if (!rows.length) throw new Error(`No game provider ${providerId}`);
  return { secret };
}

/** Turns a provider off (no new bets; its open rounds still settle) or on again. */
export async function setProviderStatus({ db }: { db: Queryable }, providerId: string, status: 'active' | 'disabled') {
  await db.query('UPDATE game_providers SET status = $2 WHERE id = $1', [providerId, status]);
}

/** Ends a rotation: only the newest secret stays active. */
export async function retireOldSecret({ db }: { db: Queryable }, providerId: string) {
  await db.query('UPDATE game_providers SET sealed_secrets = sealed_secrets[1:1] WHERE id = $1', [providerId]);
}

export interface ProviderGame {
  providerId: string;
  gameId: string;
  name: string;
  /** Decimal strings, as all money on the server. */
  minBet: string;
  maxBet: string;
  enabled?: boolean;
}

/** Adds or updates one game of a provider's catalogue. */
export async function saveProviderGame(db: Queryable, game: ProviderGame) {
  if (toCents(game.minBet) === undefined || toCents(game.maxBet) === undefined) throw new TypeError('Not an amount');
  await db.query(
    `INSERT INTO provider_games (provider_id, game_id, name, enabled, min_bet, max_bet)
     VALUES ($1, $2, $3, $4, $5::numeric, $6::numeric)
     ON CONFLICT (provider_id, game_id) DO UPDATE SET name = EXCLUDED.name, enabled = EXCLUDED.enabled,
       min_bet = EXCLUDED.min_bet, max_bet = EXCLUDED.max_bet`,
    [game.providerId, game.gameId, game.name, game.enabled ?? true, game.minBet, game.maxBet],
  );
}

export interface ProviderKeys {
  /** The active secrets' texts, newest first. */
  secrets: string[];
  allowedAddresses: string[];
}

/**
 * A provider's secrets and addresses, or undefined for an unknown one. A disabled provider still
 * signs: its open rounds' wins and rollbacks must land; its bets are refused (`lockWalletPlayer`).
 */
export async function providerKeys(
  { db, privateKeys }: Pick<Services, 'db' | 'privateKeys'>,
  providerId: string,
): Promise<ProviderKeys | undefined> {
  const [row] = await db.query<{ sealed_secrets: string[]; allowed_addresses: string[] }>(
    'SELECT sealed_secrets, allowed_addresses FROM game_providers WHERE id = $1',
    [providerId],
  );
  if (!row) return undefined;
  const secrets = row.sealed_secrets.flatMap((box) => {
    const opened = open(privateKeys, box);
    return opened ? [opened.plain] : [];
  });
  return { secrets, allowedAddresses: row.allowed_addresses };
}
