import type { Services } from '../../app-env.ts';
import { ProviderChangeRefused } from './game-provider-admin.ts';
import type { ProviderGameRow, ProviderOverviewRow } from '../game-provider-model.ts';

/** How far back the console's error rate looks. */
export const ERROR_RATE_WINDOW_MS = 60 * 60 * 1000;

const OVERVIEW = `SELECT p.id, p.base_url, p.status, p.allowed_addresses,
    cardinality(p.sealed_secrets) AS active_secrets, p.created_at,
    (SELECT max(c.called_at) FROM provider_calls c WHERE c.provider_id = p.id AND c.ok) AS last_ok_at,
    (SELECT c.failure FROM provider_calls c WHERE c.provider_id = p.id
      ORDER BY c.called_at DESC, c.id DESC LIMIT 1) AS last_failure,
    (SELECT count(*)::int FROM provider_calls c WHERE c.provider_id = p.id AND c.called_at > $1) AS calls_last_hour,
    (SELECT count(*)::int FROM provider_calls c
      WHERE c.provider_id = p.id AND c.called_at > $1 AND NOT c.ok) AS failures_last_hour,
    (SELECT count(*)::int FROM provider_games g WHERE g.provider_id = p.id) AS games,
    (SELECT count(*)::int FROM provider_games g WHERE g.provider_id = p.id AND g.enabled) AS games_enabled
  FROM game_providers p`;

/** The start of the error rate's hour: it ends at the injected clock's now. */
const windowStart = (clock: Services['clock']) => new Date(clock().getTime() - ERROR_RATE_WINDOW_MS).toISOString();

/** Every provider with its state and health. */
export async function listGameProviders({ db, clock }: Pick<Services, 'db' | 'clock'>) {
  return db.query<ProviderOverviewRow>(`${OVERVIEW} ORDER BY p.id`, [windowStart(clock)]);
}

/** One provider (as in the list) and its games by name; an unknown id is refused. */
export async function gameProviderDetail({ db, clock }: Pick<Services, 'db' | 'clock'>, providerId: string) {
  const [provider] = await db.query<ProviderOverviewRow>(`${OVERVIEW} WHERE p.id = $2`, [
    windowStart(clock),
    providerId,
  ]);
  if (!provider) throw new ProviderChangeRefused('not_found');
  const games = await db.query<ProviderGameRow>(
    `SELECT game_id, name, category, rtp::text AS rtp, min_bet::text AS min_bet, max_bet::text AS max_bet, enabled
     FROM provider_games WHERE provider_id = $1 ORDER BY name, game_id`,
    [providerId],
  );
  return { provider, games };
}
