import { atom } from 'nanostores';

export type AuthDialog = 'sign-in' | 'sign-up' | 'forgot-password';

/** Which auth dialog is open, if any. The header, URL hashes and 401 answers open them. */
export const $authDialog = atom<AuthDialog | null>(null);

/** The deposit invitation that is open, if any: a low balance, or the welcome after registering. */
export const $balanceDialog = atom<'low' | 'welcome' | null>(null);

/** Set when the API refused the stored token: the sign-in dialog says "Your session has ended". */
export { $sessionEnded } from '../api/token';

export const openAuthDialog = (dialog: AuthDialog) => $authDialog.set(dialog);
export const closeAuthDialog = () => $authDialog.set(null);

/**
 * The address a sign-in dialog opens with: the one just registered (kept in localStorage, so the
 * activation page opened from the mail in this browser knows it), or the one typed before.
 */
const PENDING_KEY = 'amber.activation-email';
export const $signInEmail = atom<string>('');

export function rememberRegisteredEmail(email: string) {
  try {
    localStorage.setItem(PENDING_KEY, email);
  } catch {
    // Without storage the player types the address once more.
  }
}

export function registeredEmail(): string {
  try {
    return localStorage.getItem(PENDING_KEY) ?? '';
  } catch {
    return '';
  }
}

export function forgetRegisteredEmail() {
  try {
    localStorage.removeItem(PENDING_KEY);
  } catch {
    // nothing stored
  }
}

/**
 * The game a visitor registered from (`/play…`), so the activation page opened from the mail in
 * this browser takes them back there once signed in.
 */
const RETURN_KEY = 'amber.activation-return';

export function rememberReturnPath(path: string) {
  try {
    localStorage.setItem(RETURN_KEY, path);
  } catch {
    // Without storage the player lands on the activation page's own links.
  }
}

/** The stored path, once: it is forgotten as it is read. */
export function takeReturnPath(): string {
  try {
    const path = localStorage.getItem(RETURN_KEY) ?? '';
    localStorage.removeItem(RETURN_KEY);
    return path;
  } catch {
    return '';
  }
}

/** Opens the sign-in dialog with the email field filled in. */
export function openSignIn(email: string) {
  $signInEmail.set(email);
  openAuthDialog('sign-in');
}
