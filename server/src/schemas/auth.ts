/**
 * Bodies of the sign-in, registration, activation and password routes (Djoser's fields). Each
 * reuses the rule the browser form runs (`core/api/validation.ts`), so both refuse alike.
 */
import * as v from 'valibot';
import { checkPasswordStrength } from '#core/api/password-strength.ts';
import { checkTwoFactorCode } from '#core/api/two-factor-code.ts';
import {
  checkActivation,
  checkEmail,
  checkRegistration,
  checkResetConfirm,
  checkSetPassword,
  checkSignIn,
  knownTimeZone,
  normalizeEmail,
  normalizeUsername,
} from '#core/api/validation.ts';
import { isCountryCode } from '#core/geo/countries.ts';
import { toCents } from '#core/api/money.ts';
import { bodyRule } from '../http/body-schema.ts';

const given = (value: unknown) => value !== undefined && value !== null && value !== '';
const merge = (problems: Record<string, unknown[]>, found: Record<string, unknown[]>) => Object.assign(problems, found);

/**
 * `POST /auth/users/`: email and username as stored (normalized), a strong password, an adult's date
 * of birth on `today` (the server's clock), the terms accepted, and an optional referral code and
 * time zone (a zone this runtime does not know is dropped, not refused).
 */
export const registerBody = (today: Date) =>
  bodyRule((input, problems) => {
    merge(problems, checkRegistration(input, today));
    checkPasswordStrength(problems, input.password, [input.email, input.username]);
    return {
      email: normalizeEmail(String(input.email)),
      username: normalizeUsername(String(input.username)),
      password: String(input.password),
      date_of_birth: String(input.date_of_birth),
      ref: typeof input.ref === 'string' && input.ref.trim() ? input.ref.trim().toUpperCase() : undefined,
      time_zone: knownTimeZone(input.time_zone),
      // Only an explicit tick consents (the box starts unticked); anything else is no consent.
      marketing_consent: input.marketing_consent === true,
      country: isCountryCode(input.country) ? input.country : undefined,
      // Checked by checkRegistration: an object with a positive amount and the period "month".
      deposit_limit_cents:
        input.deposit_limit === undefined || input.deposit_limit === null
          ? undefined
          : toCents((input.deposit_limit as { amount: unknown }).amount),
    };
  });

/** `POST /auth/token/login/`: email and password, and the two-factor code when one is sent. */
const DEVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const loginBody = bodyRule((input, problems) => {
  merge(problems, checkSignIn(input));
  const code = given(input.code) ? input.code : undefined;
  if (code !== undefined) checkTwoFactorCode(problems, 'code', code);
  return {
    email: normalizeEmail(String(input.email)),
    password: String(input.password),
    code: code === undefined ? undefined : String(code),
    // A risk signal only: anything not UUID-shaped is dropped, never refused.
    deviceId:
      typeof input.device_id === 'string' && DEVICE_ID.test(input.device_id)
        ? input.device_id.toLowerCase()
        : undefined,
  };
});

/** A mailed link's `{uid, token}` (activation). */
export const activationBody = bodyRule((input, problems) => {
  merge(problems, checkActivation(input));
  return { uid: String(input.uid), token: String(input.token) };
});

/** `{uid, token, new_password}` of a reset link; the new password's rules need the player, known once the uid is. */
export const resetConfirmBody = bodyRule((input, problems) => {
  merge(problems, checkResetConfirm(input));
  return { uid: String(input.uid), token: String(input.token), new_password: String(input.new_password) };
});

/** `{current_password, new_password}` of a signed-in player. */
export const setPasswordBody = bodyRule((input, problems) => {
  merge(problems, checkSetPassword(input));
  return { current_password: String(input.current_password), new_password: String(input.new_password) };
});

/** `{email}` asking for a mailed link (reset_password, resend_activation): the address as stored. */
export const mailRequestBody = bodyRule((input, problems) => {
  checkEmail(problems, input.email);
  return { email: normalizeEmail(String(input.email)) };
});

export type RegisterBody = v.InferOutput<ReturnType<typeof registerBody>>;
