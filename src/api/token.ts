import { atom } from 'nanostores';
import { readTokenCookie, tokenCookie } from './token-cookie';

/**
 * The API token, mirrored in the `auth_token` cookie so every page starts signed in. It lives with
 * the API client, which sends it, so the client never imports a store: `src/stores/session.ts`
 * builds the player's session on it and re-exports it.
 */
export const $token = atom<string | null>(readTokenCookie());

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

/**
 * Set when the API refused the stored token (expired or signed out elsewhere): the sign-in
 * dialog then says "Your session has ended", instead of the page silently forgetting it.
 * `src/stores/session.ts` watches it, so a refusal is acted on even if it came first.
 */
export const $sessionEnded = atom<boolean | string>(false);

/**
 * What a 401 on a call made with a token means: the session is over, so sign in again. `reason`, the server's
 * translated words (an inactivity time-out), replaces the general "Your session has ended".
 */
export function sessionRefused(reason?: string) {
  setToken(null);
  $sessionEnded.set(reason ?? true);
}
