import {
  API_PATHS,
  type GameRoundCheck,
  type HistoryQuery,
  type Paginated,
  type Transaction,
} from '../../core/api/contract';
import { apiClient } from './instance';

export const getHistory = (query: HistoryQuery = {}, client = apiClient()) =>
  client<Paginated<Transaction>>(API_PATHS.history, {
    query: Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')),
  });

/** One of the player's own game rounds, with its seeds once revealed (verify from history). */
export const getGameRound = (roundId: string, client = apiClient()) =>
  client<GameRoundCheck>(API_PATHS.gameRound.replace(':round_id', encodeURIComponent(roundId)));
