import type { User } from '../../core/api/contract';
import { ApiError } from '../api/errors';
import { clearSession, setUser } from './session';

export interface StartDeps {
  token: string | null;
  loadUser: () => Promise<User>;
  registerPlayer: () => Promise<unknown>;
  /** Reloads the page at most once (see reload-guard). */
  reloadOnce: (reason: string) => void;
}

/**
 * Every page's session start. With a token: the user first, then the game gateway's
 * `player_set`, strictly in that order. A token the API refuses (401: expired, or signed out on
 * another device) is cleared and the page stays: the API client has already opened the sign-in
 * dialog, which says the session has ended. An API that was not reached keeps the token. Any
 * other failure clears the token and reloads once, signed out. Without a token nothing is requested.
 */
export async function startSession({
  token,
  loadUser,
  registerPlayer,
  reloadOnce,
}: StartDeps): Promise<'signed-out' | 'signed-in' | 'ended' | 'unreachable' | 'failed'> {
  if (!token) return 'signed-out';
  let user: User;
  try {
    user = await loadUser();
  } catch (error) {
    // Not reached at all (offline, or the request was cut short because the player followed a
    // link while the page loaded): the token may well be good, so it is kept for the next page.
    if (error instanceof ApiError && error.isNetworkError) {
      console.warn('[session] the API was not reached; keeping the session for the next page');
      return 'unreachable';
    }
    clearSession();
    if (error instanceof ApiError && error.status === 401) {
      console.info('[session] the stored session has ended; asking to sign in again');
      return 'ended';
    }
    console.error('[session] could not load the current user; signing out', error);
    reloadOnce('the session could not be loaded');
    return 'failed';
  }
  setUser(user);
  try {
    await registerPlayer();
  } catch (error) {
    console.error('[session] the game gateway did not register the player', error);
  }
  return 'signed-in';
}
