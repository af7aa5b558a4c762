import { API_PATHS, type FavouriteGames, type RecentGame } from '../../core/api/contract';
import { apiClient } from './instance';

const one = (gameId: string) => API_PATHS.favourite.replace(':game_id', encodeURIComponent(gameId));

/** The signed-in player's favourite games, newest first. */
export const getFavourites = (client = apiClient()) => client<FavouriteGames>(API_PATHS.favourites);
/** Stars a game (204; starring twice changes nothing). */
export const addFavourite = (gameId: string, client = apiClient()) => client<void>(one(gameId), { method: 'PUT' });
/** Removes the star (204; removing one not there is fine). */
export const removeFavourite = (gameId: string, client = apiClient()) =>
  client<void>(one(gameId), { method: 'DELETE' });
/** The games the player launched last; `open_round` means "continue". */
export const getRecentlyPlayed = (client = apiClient()) => client<RecentGame[]>(API_PATHS.recentlyPlayed);
