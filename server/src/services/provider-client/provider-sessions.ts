import * as v from 'valibot';
import type { Services } from '../../app-env.ts';
import { issueWalletToken } from '../wallet-api/tokens.ts';
import { callProvider, ProviderCallFailed, type ProviderServices } from './provider-call.ts';

export interface ProviderLaunch {
  /** The player; null for an anonymous demo launch. */
  userId: number | null;
  providerId: string;
  gameId: string;
  /** The hash of the sign-in's auth token: ending that sign-in ends the wallet token (real mode). */
  authTokenHash: string | null;
  locale: string;
  mode: 'real' | 'demo';
  theme: string;
  returnUrl: string;
}

/** A game that cannot be launched now: unknown, turned off, or its provider turned off. */
export class ProviderGameUnavailable extends Error {
  constructor() {
    super('This game is not available.');
    this.name = 'ProviderGameUnavailable';
  }
}

const launchAnswer = v.object({
  launch_url: v.pipe(v.string(), v.url(), v.regex(/^https?:/i), v.maxLength(4096)),
});

/**
 * Launches a provider's game (docs/provider-api.md, `POST {base}/v1/sessions`): for real money a
 * fresh wallet token bound to the player, provider, game, currency and sign-in goes to the provider,
 * which answers the URL the game frame opens. A demo launch carries no wallet token (`token: null`),
 * so nothing it does can reach the wallet, and only a game whose catalogue says `demo` has one.
 * Refused for a game or provider turned off; open rounds still settle. The launch URL must be on the
 * origin of the provider's base URL: the only one /play's frame-src allows for it (play-frame-policy.ts).
 */
export async function startProviderSession(services: Services, launch: ProviderLaunch): Promise<string> {
  const [game] = await services.db.query<{ currency: string | null; base_url: string }>(
    `SELECT (SELECT currency FROM users WHERE id = $3) AS currency, p.base_url FROM provider_games g
       JOIN game_providers p ON p.id = g.provider_id AND p.status = 'active'
     WHERE g.provider_id = $1 AND g.game_id = $2 AND g.enabled AND ($4 = 'real' OR g.demo)`,
    [launch.providerId, launch.gameId, launch.userId, launch.mode],
  );
  if (!game) throw new ProviderGameUnavailable();
  let token: string | null = null;
  if (launch.mode === 'real') {
    const { userId, authTokenHash } = launch;
    if (userId === null || authTokenHash === null) throw new Error('A real launch needs the player and the sign-in.');
    ({ token } = await issueWalletToken(services, { ...launch, userId, authTokenHash }));
  }
  const answer = await callProvider(services, launch.providerId, {
    method: 'POST',
    path: 'v1/sessions',
    call: 'sessions',
    body: {
      token,
      player_id: launch.userId === null ? null : String(launch.userId),
      game_id: launch.gameId,
      currency: game.currency ?? services.config.currency,
      locale: launch.locale,
      mode: launch.mode,
      theme: launch.theme,
      return_url: launch.returnUrl,
    },
  });
  const parsed = v.safeParse(launchAnswer, answer);
  if (!parsed.success) throw new ProviderCallFailed('bad_answer', 'The provider answered no usable launch_url.');
  if (new URL(parsed.output.launch_url).origin !== new URL(game.base_url).origin)
    throw new ProviderCallFailed('bad_answer', 'The launch_url is not on the origin of the provider’s base URL.');
  return parsed.output.launch_url;
}

/**
 * Asks every provider the player has launched a game of to end the player's sessions
 * (`POST {base}/v1/sessions/end`): the provider settles each open round and sends its wins to the
 * wallet before it answers. Called before the operator refunds or pays out (sign-out, password
 * reset, time-out, self-exclusion, suspension, closure). A provider that fails or times out does
 * not block the player's action: the failure is recorded in provider_calls (the back office's error
 * rate) and a win it sends later still lands (docs/provider-api.md). Answers the providers that failed.
 */
export async function endProviderSessions(services: ProviderServices, userId: number): Promise<string[]> {
  // A provider with a live wallet token or an open round of the player: only they can hold a session.
  const providers = await services.db.query<{ provider_id: string }>(
    `SELECT provider_id FROM wallet_tokens WHERE user_id = $1 AND expires_at > $2
     UNION SELECT provider_id FROM provider_rounds WHERE user_id = $1 AND state = 'open' ORDER BY provider_id`,
    [userId, services.clock().toISOString()],
  );
  const results = await Promise.allSettled(
    providers.map(({ provider_id: providerId }) =>
      callProvider(services, providerId, {
        method: 'POST',
        path: 'v1/sessions/end',
        call: 'sessions/end',
        body: { player_id: String(userId) },
      }),
    ),
  );
  return providers.flatMap(({ provider_id: providerId }, index) =>
    results[index]!.status === 'rejected' ? [providerId] : [],
  );
}
