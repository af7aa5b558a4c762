import { isIP } from 'node:net';
import type { Services } from '../../app-env.ts';
import { ConsoleRefusal } from '../../base/domain-errors.ts';
import { isUniqueViolation, type Queryable } from '../../db/database.ts';
import { CatalogueRefused, refreshProviderCatalogue } from '../../services/provider-client/provider-catalogue.ts';
import { ProviderCallFailed } from '../../services/provider-client/provider-call.ts';
import {
  registerProvider,
  retireOldSecret,
  rotateProviderSecret,
  setProviderStatus,
  type NewProvider,
} from '../../services/wallet-api/providers.ts';
import { audit, type AuditAction } from './audit.ts';
import type { CatalogueOutcome } from '../game-provider-model.ts';

/**
 * The back office's changes to game providers and their games (docs/back-office.md "Games"), for the
 * console's Games section and `npm run operator -- add-provider`. Each change writes its audit row in
 * its own transaction; a secret is answered once, to be shown once, and never written to the audit
 * log. `staffId` is null for the command line.
 */

/** What a provider change needs: the database, the clock, the secret box and the provider call's timeout. */
type AdminServices = Pick<Services, 'db' | 'clock' | 'config' | 'privateKeys'>;

type RefusalCode = 'bad_id' | 'bad_url' | 'bad_address' | 'exists' | 'not_found' | 'last_secret';

/** Why a provider change was refused; the console and the command show `games.refused_<code>`. */
export class ProviderChangeRefused extends ConsoleRefusal<RefusalCode> {
  constructor(code: RefusalCode, params?: Record<string, string>) {
    const refusal =
      code === 'exists' || code === 'last_secret' ? 'conflict' : code === 'not_found' ? 'not_found' : 'invalid';
    super(refusal, `games.refused_${code}`, code, params);
  }
}

/** At most this many allowed addresses or blocks per provider (a form field, a command line). */
export const MAX_ALLOWED_ADDRESSES = 20;
const PROVIDER_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** One allowed entry: an IPv4 or IPv6 address, or a CIDR block with a prefix that fits it. */
function validAddress(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32);
}

/**
 * The id, base URL and allowed addresses of a provider to add, checked and normalised: an id as the
 * table allows it, an http(s) URL without credentials, query or fragment (its trailing slash
 * dropped), each address or block valid. Loopback and private addresses are allowed: an admin
 * entered them (docs/provider-api.md).
 */
export function checkNewProvider(id: string, url: string, allowed: string[]): Required<NewProvider> {
  if (!PROVIDER_ID.test(id)) throw new ProviderChangeRefused('bad_id');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ProviderChangeRefused('bad_url');
  }
  if (
    !['http:', 'https:'].includes(parsed.protocol) ||
    parsed.username ||
    parsed.password ||
    parsed.search ||
    parsed.hash
  )
    throw new ProviderChangeRefused('bad_url');
  const addresses = allowed.map((entry) => entry.trim()).filter(Boolean);
  const bad = addresses.find((entry) => !validAddress(entry));
  if (bad !== undefined || addresses.length > MAX_ALLOWED_ADDRESSES)
    throw new ProviderChangeRefused('bad_address', {
      address: bad ?? addresses.slice(MAX_ALLOWED_ADDRESSES).join(' '),
    });
  return { id, baseUrl: parsed.href.replace(/\/+$/, ''), allowedAddresses: addresses };
}

/**
 * Fetches a provider's catalogue; a provider that cannot answer (unreachable, not signed with the
 * secret it was given, a catalogue that breaks the rules) is an outcome, not an error: the call is
 * recorded in `provider_calls` and the console shows it.
 */
async function fetchCatalogue(services: AdminServices, providerId: string): Promise<CatalogueOutcome> {
  try {
    return { games: await refreshProviderCatalogue(services, providerId) };
  } catch (error) {
    if (error instanceof ProviderCallFailed) return { failure: error.code, message: error.message };
    if (error instanceof CatalogueRefused) return { failure: 'bad_catalogue', message: error.message };
    throw error;
  }
}

/**
 * Adds a provider: registered with one fresh secret and audited in one transaction, then its
 * catalogue fetched. A provider learns its secret only from this answer, so a provider that checks
 * signatures refuses this first fetch: the provider stays added (no games yet, the failed call
 * shown) and "Refresh catalogue" fetches it once the provider has its secret.
 */
export async function addGameProvider(
  services: AdminServices,
  provider: Required<NewProvider>,
  staffId: number | null,
): Promise<{ secret: string; catalogue: CatalogueOutcome }> {
  const secret = await services.db.transaction(async (tx) => {
    try {
      const { secret: made } = await registerProvider({ ...services, db: tx }, provider);
      await audit(tx, {
        staffId,
        action: 'provider.add',
        targetType: 'provider',
        targetId: provider.id,
        after: { base_url: provider.baseUrl, allowed_addresses: provider.allowedAddresses },
        at: services.clock(),
      });
      return made;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ProviderChangeRefused('exists', { id: provider.id });
      throw error;
    }
  });
  return { secret, catalogue: await fetchCatalogue(services, provider.id) };
}

/** Locks a provider's row for a change; an unknown id is refused. */
async function lockProvider(tx: Queryable, providerId: string) {
  const [row] = await tx.query<{ status: 'active' | 'disabled'; secrets: number }>(
    'SELECT status, cardinality(sealed_secrets) AS secrets FROM game_providers WHERE id = $1 FOR UPDATE',
    [providerId],
  );
  if (!row) throw new ProviderChangeRefused('not_found');
  return row;
}

/** Fetches the catalogue again (games added or updated, a game that left it turned off), audited. */
export async function refreshGameProvider(services: AdminServices, providerId: string, staffId: number | null) {
  const known = await services.db.query('SELECT 1 FROM game_providers WHERE id = $1', [providerId]);
  if (!known.length) throw new ProviderChangeRefused('not_found');
  const catalogue = await fetchCatalogue(services, providerId);
  await audit(services.db, {
    staffId,
    action: 'provider.refresh',
    targetType: 'provider',
    targetId: providerId,
    after: 'games' in catalogue ? { games: catalogue.games } : { failure: catalogue.failure },
    at: services.clock(),
  });
  return catalogue;
}

/** What an audited provider change records: the values before and after, and what it answers. */
interface ProviderChange<Result> {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  result: Result;
}

/**
 * One change to a provider: its row locked, `change` made and its audit row written in the same
 * transaction. Answers what `change` answers.
 */
async function auditedProviderChange<Result>(
  services: AdminServices,
  { providerId, staffId, action }: { providerId: string; staffId: number; action: AuditAction },
  change: (tx: Queryable, row: Awaited<ReturnType<typeof lockProvider>>) => Promise<ProviderChange<Result>>,
): Promise<Result> {
  return services.db.transaction(async (tx) => {
    const { before, after, result } = await change(tx, await lockProvider(tx, providerId));
    await audit(tx, {
      staffId,
      action,
      targetType: 'provider',
      targetId: providerId,
      before,
      after,
      at: services.clock(),
    });
    return result;
  });
}

/** Turns a provider on or off: off, its games leave the lobby and refuse bets; open rounds still settle. */
export async function setGameProviderEnabled(
  services: AdminServices,
  providerId: string,
  enabled: boolean,
  staffId: number,
) {
  const status = enabled ? 'active' : 'disabled';
  const action = enabled ? 'provider.enable' : 'provider.disable';
  await auditedProviderChange(services, { providerId, staffId, action }, async (tx, row) => {
    await setProviderStatus({ db: tx }, providerId, status);
    return { before: { status: row.status }, after: { status }, result: undefined };
  });
}

/**
 * Starts a secret rotation: a new secret first, the previous one still accepted beside it (two
 * active, as the wallet checks both) until `retireProviderSecret`. Answers the new secret once.
 */
export async function rotateGameProviderSecret(services: AdminServices, providerId: string, staffId: number) {
  const action = 'provider.rotate_secret';
  return auditedProviderChange(services, { providerId, staffId, action }, async (tx, row) => {
    const { secret } = await rotateProviderSecret({ ...services, db: tx }, providerId);
    return { before: { active_secrets: row.secrets }, after: { active_secrets: 2 }, result: secret };
  });
}

/** Ends a rotation: only the newest secret stays active. Refused when only one is active. */
export async function retireProviderSecret(services: AdminServices, providerId: string, staffId: number) {
  const action = 'provider.retire_secret';
  await auditedProviderChange(services, { providerId, staffId, action }, async (tx, row) => {
    if (row.secrets < 2) throw new ProviderChangeRefused('last_secret');
    await retireOldSecret({ db: tx }, providerId);
    return { before: { active_secrets: row.secrets }, after: { active_secrets: 1 }, result: undefined };
  });
}

/**
 * Turns one game on or off. Off, it leaves the lobby and new launches are refused; its open rounds
 * still settle. A refresh of the catalogue keeps this switch.
 */
export async function setProviderGameEnabled(
  services: AdminServices,
  game: { providerId: string; gameId: string },
  enabled: boolean,
  staffId: number,
) {
  await services.db.transaction(async (tx) => {
    const [row] = await tx.query<{ enabled: boolean }>(
      'SELECT enabled FROM provider_games WHERE provider_id = $1 AND game_id = $2 FOR UPDATE',
      [game.providerId, game.gameId],
    );
    if (!row) throw new ProviderChangeRefused('not_found');
    await tx.query('UPDATE provider_games SET enabled = $3 WHERE provider_id = $1 AND game_id = $2', [
      game.providerId,
      game.gameId,
      enabled,
    ]);
    await audit(tx, {
      staffId,
      action: enabled ? 'game.enable' : 'game.disable',
      targetType: 'game',
      targetId: `${game.providerId}/${game.gameId}`,
      before: { enabled: row.enabled },
      after: { enabled },
      at: services.clock(),
    });
  });
}
