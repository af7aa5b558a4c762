import type { GameLaunchResponse } from '#core/api/contract.ts';
import type { Services } from '../app-env.ts';
import { MarketRefusal, NotAllowed, NotFound } from '../base/domain-errors.ts';
import type { Locale } from '../base/i18n.ts';
import { rollbackStaleBets } from '../providers/games/rounds.ts';
import { createSession } from '../providers/games/sessions.ts';
import { settleExpiredRounds } from '../providers/games/step-rounds.ts';
import { admitDemo, purgeExpiredDemo } from './demo-play.ts';
import { sessionWithOpenRound } from './favourites.ts';
import { recordResumption } from './game-resumptions.ts';
import { bindSessionToSignIn, listedGame, playerCurrency } from './game-catalogue.ts';
import { marketLaunchVerdict } from './markets/market-play.ts';
import { mayPlay } from './play-policy.ts';
import { offeredProviderGame } from './provider-client/offered-games.ts';
import { launchProviderGame } from './provider-game-launch.ts';
import type { LaunchRequest } from './launch-request.ts';

/** A launch URL for one game; `demo` touches no wallet. */
export async function launchGame(services: Services, request: LaunchRequest): Promise<GameLaunchResponse> {
  const { db, config } = services;
  const { mode, player } = request;
  const game = request.gameId !== undefined ? await listedGame(db, request.gameId) : undefined;
  if (!game) {
    // Not one of ours: a provider's game launches at the provider.
    const offered = request.gameId !== undefined ? await offeredProviderGame(db, request.gameId) : undefined;
    if (!offered) throw new NotFound('games.game_unknown');
    await checkMarketLaunch(services, request, offered.mechanic);
    return launchProviderGame(services, request, offered);
  }
  const userId = mode === 'real' ? player!.userId : null;
  let currency = config.currency;
  await checkMarketLaunch(services, request, game.mechanic);
  if (userId !== null) {
    const verdict = await mayPlay(db, userId, services.clock());
    if (!verdict.allowed) throw new NotAllowed(verdict.reason);
    currency = await playerCurrency(db, userId);
    await rollbackStaleBets(services, userId);
    await settleExpiredRounds(services, { userId });
  }
  if (mode === 'demo') {
    // Anonymous play is limited per address, and expired demo sessions go as new ones come.
    if (player === null) await admitDemo(services, 'launch', request.address);
    await purgeExpiredDemo(db, services.clock());
  }
  // A real launch of a game whose multi-step round is still open continues that round's session
  // ("continue" in the lobby's recently played row) instead of opening a new one beside it.
  const resumed = userId !== null ? await sessionWithOpenRound(db, userId, game.id, services.clock()) : null;
  if (resumed)
    await recordResumption(db, { userId: userId!, gameId: game.id, sessionId: resumed, now: services.clock() });
  const sessionId =
    resumed ?? (await createSession(services, { userId, gameId: game.id, mode, currency, locale: request.locale }));
  // A real session lives only as long as the sign-in that launched it.
  if (userId !== null) await bindSessionToSignIn(db, sessionId, player!.tokenHash);
  // Without GAME_PROVIDER_ORIGIN the game pages are this server's: a relative URL, so the frame
  // comes from the address the player opened (127.0.0.1, a LAN address), which frame-src 'self' allows.
  const base = config.games.separateProvider ? config.games.providerOrigin : '';
  return { url: `${base}/demo-games/play/${sessionId}`, session_id: sessionId };
}

/**
 * The licensed market's rules for a launch (docs/markets.md): a game the market does not offer is refused in
 * either mode, and a real-money launch waits for verification where the profile asks for it.
 */
async function checkMarketLaunch(services: Services, request: LaunchRequest, mechanic: string) {
  const userId = request.mode === 'real' ? request.player!.userId : null;
  const verdict = await marketLaunchVerdict(services, { userId, mechanic, locale: request.locale as Locale });
  if (verdict) throw new MarketRefusal(verdict);
}
