import { checkPasswordStrength } from '#core/api/password-strength.ts';
import { checkPassword, messageKey, type Problems } from '#core/api/validation.ts';
import { translate } from '../../base/i18n.ts';
import { say } from '../views/messages.ts';

/**
 * What is wrong with a staff member's new password (the players' rules and strength, the email
 * not in it) and its confirmation, as the password form's problems; none when it is good.
 */
export function newStaffPasswordProblems(password: string, confirm: string, email: string) {
  const problems: Problems = {};
  checkPassword(problems, password, email, undefined);
  checkPasswordStrength(problems, password, [email]);
  const messages = (problems.password ?? []).map((problem) => ({
    field: 'new_password',
    message: translate('en', messageKey(problem), problem.params),
  }));
  if (password !== confirm) messages.push({ field: 'confirm_password', message: say('password.mismatch') });
  return messages;
}
