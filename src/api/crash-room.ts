import { API_PATHS, type CrashRoomBet, type CrashRoomMine } from '../../core/api/contract';
import { apiClient } from './instance';

/** A bet in the shared crash room's game that takes bets (docs/multiplayer-crash.md). */
export const placeCrashRoomBet = (body: { amount: string; auto_cashout?: string }, client = apiClient()) =>
  client<CrashRoomBet>(API_PATHS.crashRoomBets, { method: 'POST', body });

/** Cashes out the player's open bet at the server's multiplier of the moment. */
export const cashOutCrashRoom = (client = apiClient()) =>
  client<CrashRoomBet>(API_PATHS.crashRoomCashout, { method: 'POST' });

/** The signed-in player's bet in the running game, or null (a page opened during the game). */
export const myCrashRoomBet = (client = apiClient()) => client<CrashRoomMine>(API_PATHS.crashRoomBets);
