import { atom } from 'nanostores';
import type { SetEmailRequest } from '../../core/api/contract';
import type { Translate } from '../i18n/translator';
import { createFormStore, failureMessages } from './form';

export interface ChangeEmailDeps {
  t: Translate<'profile'>;
  /** POST /auth/users/set_email/ (`setEmail` in src/api/account.ts). */
  setEmail: (body: SetEmailRequest) => Promise<void>;
}

/**
 * /profile/security, change email: `$sentTo` is the address the link went to. The server answers
 * the same whether the address is free or taken, so the form says the same too.
 */
export function createChangeEmailForm({ t, setEmail }: ChangeEmailDeps) {
  const $sentTo = atom<string | undefined>();
  const form = createFormStore<SetEmailRequest>(async ({ current_password, new_email }) => {
    $sentTo.set(undefined);
    const values = { current_password, new_email: new_email.trim() };
    await setEmail(values);
    $sentTo.set(values.new_email);
  }, failureMessages(t));
  return { ...form, $sentTo };
}
