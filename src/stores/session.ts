import { atom } from 'nanostores';
import type { User } from '../../core/api/contract';
import { $sessionEnded, $token, renewTokenCookie, sessionRefused, setToken } from '../api/token';
import { tokenCookie } from '../api/token-cookie';
import { openAuthDialog } from './dialogs';

// The token lives with the API client that sends it (src/api/token.ts); the session builds on it.
export { $token, renewTokenCookie, sessionRefused, setToken };

/** The signed-in player as the API last described them; null when unknown or signed out. */
export const $user = atom<User | null>(null);

export function setUser(user: User | null) {
  $user.set(user);
}

/**
 * After a time-out or self-exclusion: the cookie and the player's data go at once, while the page
 * keeps showing its notice; `clearSession` follows when the player closes it.
 */
export function forgetPlayer() {
  if (typeof document !== 'undefined') document.cookie = tokenCookie(null, location.protocol === 'https:');
  $user.set(null);
}

/** Forgets the token and the user (sign-out, or a token the API no longer accepts). */
export function clearSession() {
  setToken(null);
  $user.set(null);
}

// The API refused the token (it has already forgotten it): the player goes too, and the sign-in
// dialog opens. `subscribe` also acts on a refusal that came before this store loaded.
$sessionEnded.subscribe((ended) => {
  if (!ended) return;
  $user.set(null);
  openAuthDialog('sign-in');
});
