import { API_PATHS, type Race, type RaceLeaderboard } from '../../core/api/contract';
import { apiClient } from './instance';

/** Races running now or to come (public). */
export const getRaces = (client = apiClient()) => client<Race[]>(API_PATHS.races);

/** A race's leaderboard; signed in, with the player's own place and the gap to the next one. */
export const getRaceLeaderboard = (id: number, client = apiClient()) =>
  client<RaceLeaderboard>(API_PATHS.raceLeaderboard.replace(':id', String(id)));
