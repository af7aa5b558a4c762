// Loaded only when the visitor launches a game: it pulls in the encrypting API client.
import { API_PATHS } from '../api/contract';
import { apiClient } from '../api/instance';

export interface LaunchResponse { url: string; session_id: string }

/** POST /gmnggate/api {"method": "game_launch"}: demo works signed out, real needs the token. */
export const launchGame = (gameId: string, mode: 'real' | 'demo') =>
  apiClient()<LaunchResponse>(API_PATHS.gateway, { method: 'POST', body: { method: 'game_launch', game_id: gameId, mode } });
