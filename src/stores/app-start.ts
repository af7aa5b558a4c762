import type { User } from '../api/contract';
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
 * `player_set`, strictly in that order. If the user cannot be loaded the token is useless:
 * it is cleared and the page reloads once, signed out. Without a token nothing is requested.
 */
export async function startSession({ token, loadUser, registerPlayer, reloadOnce }: StartDeps): Promise<'signed-out' | 'signed-in' | 'failed'> {
  if (!token) return 'signed-out';
  let user: User;
  try {
    user = await loadUser();
  } catch (error) {
    console.error('[session] could not load the current user; signing out', error);
    clearSession();
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
