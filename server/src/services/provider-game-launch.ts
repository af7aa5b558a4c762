import type { GameLaunchResponse } from '#core/api/contract.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { localizedPath } from '#core/i18n/urls.ts';
import type { Services } from '../app-env.ts';
import { Busy, InvalidRequest, NotAllowed, NotFound } from '../base/domain-errors.ts';
import { admitDemo } from './demo-play.ts';
import type { LaunchRequest } from './launch-request.ts';
import { mayPlay } from './play-policy.ts';
import type { OfferedProviderGame } from './provider-client/offered-games.ts';
import { ProviderCallFailed } from './provider-client/provider-call.ts';
import { ProviderGameUnavailable, startProviderSession } from './provider-client/provider-sessions.ts';

/** How long the player is asked to wait before launching again after the provider failed to answer. */
export const PROVIDER_RETRY_SECONDS = 30;

/**
 * Launches a provider's game: the same play policy as our own games for real money, demo only when
 * the provider's catalogue offers it (and, signed out, within the per-address demo limit), then the
 * provider's launch URL (startProviderSession). A provider that fails answers a localized 503, not a 500.
 */
export async function launchProviderGame(
  services: Services,
  request: LaunchRequest,
  game: OfferedProviderGame,
): Promise<GameLaunchResponse> {
  const { mode, player } = request;
  if (mode === 'real') {
    const verdict = await mayPlay(services.db, player!.userId, services.clock());
    if (!verdict.allowed) throw new NotAllowed(verdict.reason);
  } else {
    if (!game.demo) throw new InvalidRequest('games.demo_unavailable');
    if (player === null) await admitDemo(services, 'launch', request.address);
  }
  try {
    const url = await startProviderSession(services, {
      userId: player?.userId ?? null,
      providerId: game.providerId,
      gameId: game.gameId,
      authTokenHash: mode === 'real' ? player!.tokenHash : null,
      locale: request.locale,
      mode,
      // The colour mode at launch; a later change reaches the page through the frame URL's `theme`.
      theme: request.theme,
      returnUrl: services.config.games.siteOrigin + localizedPath('/', request.locale as Locale),
    });
    // The session lives at the provider: its id here is the provider's, which the page does not use.
    return { url, session_id: game.providerId };
  } catch (error) {
    // Turned off between the catalogue read and the launch: as unknown as any game that is not offered.
    if (error instanceof ProviderGameUnavailable) throw new NotFound('games.game_unknown');
    if (error instanceof ProviderCallFailed) throw new Busy('games.provider_unavailable', PROVIDER_RETRY_SECONDS);
    throw error;
  }
}
