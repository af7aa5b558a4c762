/**
 * Bodies of the player's own account (docs/account.md) and of two-factor sign-in: changing the
 * email address, closing the account, turning the second factor on or off.
 */
import { CLOSE_REASON_MAX_LENGTH, type PaymentMethod } from '#core/api/contract.ts';
import { checkTwoFactorCode } from '#core/api/two-factor-code.ts';
import { checkEmail, normalizeEmail, requireText, type Problems } from '#core/api/validation.ts';
import { bodyRule, fieldRule, fields } from '../http/body-schema.ts';
import { checkFullDestination } from './destination.ts';
import { checkMethod } from './money.ts';

/** A password field that must be there (its rules were checked when it was set). */
function checkGivenPassword(problems: Problems, field: string, value: unknown) {
  if (typeof value !== 'string' || !value) problems[field] = [{ key: 'required' }];
}

/** `{current_password, new_email}` of set_email; the new address as stored. */
export const setEmailBody = bodyRule((input, problems) => {
  checkGivenPassword(problems, 'current_password', input.current_password);
  const emailProblems: Problems = {};
  checkEmail(emailProblems, input.new_email);
  if (emailProblems.email) problems.new_email = emailProblems.email;
  return { current_password: String(input.current_password), new_email: normalizeEmail(String(input.new_email)) };
});

/** `{uid, token}` of the link mailed to the new address (a token is 40 hex digits). */
export const setEmailConfirmBody = bodyRule((input, problems) => {
  if (typeof input.uid !== 'string' || !input.uid) problems.uid = [{ key: 'required' }];
  if (typeof input.token !== 'string' || !/^[0-9a-f]{40}$/.test(input.token))
    problems.token = [{ key: input.token ? 'password_reset.token_invalid' : 'required' }];
  return { uid: String(input.uid), token: String(input.token) };
});

/**
 * `{password, reason?, method?, destination?}` of closing the account: a payout destination is
 * read only when a method or a destination is sent, with the withdrawal's rules.
 */
export const closeAccountBody = bodyRule((input, problems) => {
  checkGivenPassword(problems, 'password', input.password);
  const reason = input.reason === undefined || input.reason === null ? '' : input.reason;
  if (typeof reason !== 'string') problems.reason = [{ key: 'not_a_string' }];
  else if ([...reason].length > CLOSE_REASON_MAX_LENGTH)
    problems.reason = [{ key: 'too_long', params: { max: CLOSE_REASON_MAX_LENGTH } }];
  let payout: { method: PaymentMethod; destination: string } | undefined;
  if (input.method !== undefined || input.destination !== undefined) {
    const method = checkMethod(problems, input.method);
    const destination = checkFullDestination(problems, input.method, input.destination);
    if (destination !== undefined && method) payout = { method: input.method as PaymentMethod, destination };
  }
  return { password: String(input.password), reason: String(reason).trim(), payout };
});

const currentPassword = fieldRule(requireText);

/** `{current_password}` of turning two-factor sign-in on. */
export const twoFactorPasswordBody = fields({ current_password: currentPassword }, { unknown: 'ignore' });

/** `{code, current_password}` of confirming or turning off two-factor sign-in. */
export const twoFactorCodeBody = fields(
  { code: fieldRule(checkTwoFactorCode), current_password: currentPassword },
  { unknown: 'ignore' },
);
