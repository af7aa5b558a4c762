import {
  API_PATHS,
  type GameLaunchRequest,
  type GameLaunchResponse,
  type GameMode,
  type PlayerSetResponse,
} from '../../core/api/contract';
import { apiClient } from './instance';

/** Registers the signed-in player with the game gateway. */
export const playerSet = (lang: string, client = apiClient()) =>
  client<PlayerSetResponse>(API_PATHS.gateway, { method: 'POST', body: { method: 'player_set', lang } });

/** A launch URL for one game: `real` with the signed-in client, `demo` also signed out. */
export const launchGame = (gameId: string, mode: GameMode, client = apiClient()) =>
  client<GameLaunchResponse>(API_PATHS.gateway, {
    method: 'POST',
    body: { method: 'game_launch', game_id: gameId, mode } satisfies GameLaunchRequest,
  });
