import { atom } from 'nanostores';

export type AuthDialog = 'sign-in' | 'sign-up' | 'forgot-password';

/** Which auth dialog is open, if any. The header, URL hashes and 401 answers open them. */
export const $authDialog = atom<AuthDialog | null>(null);

/** Whether the low-balance dialog is open. */
export const $lowBalanceOpen = atom(false);

export const openAuthDialog = (dialog: AuthDialog) => $authDialog.set(dialog);
export const closeAuthDialog = () => $authDialog.set(null);
