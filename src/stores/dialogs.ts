import { atom } from 'nanostores';

export type AuthDialog = 'sign-in' | 'sign-up' | 'forgot-password';

/** Which auth dialog is open, if any. The header, URL hashes and 401 answers open them. */
export const $authDialog = atom<AuthDialog | null>(null);

/** The deposit invitation that is open, if any: a low balance, or the welcome after registering. */
export const $balanceDialog = atom<'low' | 'welcome' | null>(null);

/**
 * Set when the API refused the stored token (expired or signed out elsewhere): the sign-in
 * dialog then says "Your session has ended", instead of the page silently forgetting it.
 */
export const $sessionEnded = atom(false);

export const openAuthDialog = (dialog: AuthDialog) => $authDialog.set(dialog);
export const closeAuthDialog = () => $authDialog.set(null);
