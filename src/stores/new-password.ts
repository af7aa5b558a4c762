// The new-password check on its own, so the profile's password form loads it without the sign-in
// and registration actions (and their imports) that the header's dialogs need.
import { checkNewPassword, hasProblems, type Problems } from '../../core/api/validation';
import type { Translate } from '../i18n/translator';
import { problemMessages, type FormErrors } from './form-errors';

/** The new password with the registration rules, checked here first, then by the server with the player's own data. */
export async function strongNewPassword(password: string, api: Translate<'api'>): Promise<FormErrors | null> {
  const problems: Problems = {};
  checkNewPassword(problems, password);
  const { checkPasswordStrength } = await import('../../core/api/password-strength');
  checkPasswordStrength(problems, password, [], 'new_password');
  return hasProblems(problems) ? problemMessages(problems, api) : null;
}
