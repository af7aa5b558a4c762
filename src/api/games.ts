import {
  API_PATHS,
  type GameLaunchRequest,
  type GameLaunchResponse,
  type GameMode,
  type GameTheme,
  type PlayerSetResponse,
} from '../../core/api/contract';
import { apiClient } from './instance';

/** Registers the signed-in player with the game gateway. */
export const playerSet = (lang: string, client = apiClient()) =>
  client<PlayerSetResponse>(API_PATHS.gateway, { method: 'POST', body: { method: 'player_set', lang } });

/**
 * A launch URL for one game: `real` with the signed-in client, `demo` also signed out. A provider's
 * game starts in the colour mode the player sees (`theme`), and in the page's language (the client's
 * Accept-Language).
 */
export const launchGame = (gameId: string, mode: GameMode, theme: GameTheme, client = apiClient()) =>
  client<GameLaunchResponse>(API_PATHS.gateway, {
    method: 'POST',
    body: { method: 'game_launch', game_id: gameId, mode, theme } satisfies GameLaunchRequest,
  });
