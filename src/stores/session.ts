import { atom } from 'nanostores';
import type { User } from '../../core/api/contract';
import { linkSession } from '../api/session-link';
import { $sessionEnded, openAuthDialog } from './dialogs';
import { readTokenCookie, tokenCookie } from './token-cookie';

/** The API token, mirrored in the `auth_token` cookie so every page starts signed in. */
export const $token = atom<string | null>(readTokenCookie());

/** The signed-in player as the API last described them; null when unknown or signed out. */
export const $user = atom<User | null>(null);

/** `expiresAt`: when the server says the token expires; the cookie lives exactly that long. */
export function setToken(token: string | null, expiresAt?: string) {
  if (typeof document !== 'undefined') document.cookie = tokenCookie(token, location.protocol === 'https:', expiresAt);
  $token.set(token);
}

/** An authenticated answer renewed the token: the cookie follows (only for the token still in use). */
export function renewTokenCookie(token: string, expiresAt: string) {
  if ($token.get() === token && typeof document !== 'undefined')
    document.cookie = tokenCookie(token, location.protocol === 'https:', expiresAt);
}

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

/** What a 401 on a call made with a token means: the session is over, so sign in again. */
export function sessionRefused() {
  clearSession();
  $sessionEnded.set(true);
  openAuthDialog('sign-in');
}

// The API client (below the stores) reads the token and reports refusals through this link.
linkSession({ token: () => $token.get(), refused: sessionRefused, renewed: renewTokenCookie });
