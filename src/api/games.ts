import { API_PATHS, type Game, type PlayerSetResponse, type Win } from './contract';
import { apiClient } from './instance';

/** Registers the signed-in player with the game gateway. */
export const playerSet = (lang: string, client = apiClient()) =>
  client<PlayerSetResponse>(API_PATHS.gateway, { method: 'POST', body: { method: 'player_set', lang } });

export const getMostPopular = (client = apiClient()) => client<Game[]>(API_PATHS.mostPopular);

export const getWinStats = (client = apiClient()) => client<Win[]>(API_PATHS.winStats);
