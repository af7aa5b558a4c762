import { atom } from 'nanostores';
import type { User } from '../api/contract';
import { readTokenCookie, tokenCookie } from './token-cookie';

/** The API token, mirrored in the `auth_token` cookie so every page starts signed in. */
export const $token = atom<string | null>(readTokenCookie());

/** The signed-in player as the API last described them; null when unknown or signed out. */
export const $user = atom<User | null>(null);

export function setToken(token: string | null) {
  if (typeof document !== 'undefined') document.cookie = tokenCookie(token, location.protocol === 'https:');
  $token.set(token);
}

export function setUser(user: User | null) {
  $user.set(user);
}

/** Forgets the token and the user (sign-out, or a token the API no longer accepts). */
export function clearSession() {
  setToken(null);
  $user.set(null);
}
