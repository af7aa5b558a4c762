import { atom } from 'nanostores';

export type AuthDialog = 'sign-in' | 'sign-up' | 'forgot-password';

/** Which auth dialog is open, if any. The header, URL hashes and 401 answers open them. */
export const $authDialog = atom<AuthDialog | null>(null);

/** The deposit invitation that is open, if any: a low balance, or the welcome after registering. */
export const $balanceDialog = atom<'low' | 'welcome' | null>(null);

export const openAuthDialog = (dialog: AuthDialog) => $authDialog.set(dialog);
export const closeAuthDialog = () => $authDialog.set(null);
