import type { SetPasswordRequest } from '../../core/api/contract';
import type { Translate } from '../i18n/translator';
import { createFormStore, failureMessages } from './form';
import { strongNewPassword } from './new-password';

export interface ChangePasswordDeps {
  t: Translate<'profile'>;
  api: Translate<'api'>;
  /** POST /auth/users/set_password/ (`setPassword` in src/api/auth.ts). */
  setPassword: (body: SetPasswordRequest) => Promise<void>;
}

/**
 * /profile/security, change password: the new one checked by the registration rules first, then
 * the server's answer. State `done` says it changed (this session stays signed in).
 */
export function createChangePasswordForm({ t, api, setPassword }: ChangePasswordDeps) {
  return createFormStore<SetPasswordRequest>(async (values) => {
    const weak = await strongNewPassword(values.new_password, api);
    if (weak) return weak;
    await setPassword(values);
  }, failureMessages(t));
}
