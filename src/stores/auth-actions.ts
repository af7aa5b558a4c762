// Sign-in and registration as actions the dialogs call: validate with the server's own rules,
// call the API, store the session, and map every failure to messages per field.
import { ApiError } from '../api/errors';
import { activate, confirmPasswordReset, login, register, requestPasswordReset, resendActivation } from '../api/auth';
import type { RegisterRequest, RegisterResponse } from '../../core/api/contract';
import { playerSet } from '../api/games';
import { getMe } from '../api/user';
import { checkTwoFactorCode } from '../../core/api/two-factor-code';
import { checkEmail, checkRegistration, checkSignIn, hasProblems, type Problems } from '../../core/api/validation';
import type { Translate } from '../i18n/translator';
import { forgetReferral } from './referral-capture';
import { $sessionEnded, forgetRegisteredEmail, rememberRegisteredEmail, rememberReturnPath } from './dialogs';
import { createFormStore } from './form';
import { problemMessages, serverErrors, type FormErrors } from './form-errors';
import { strongNewPassword } from './new-password';
import { expectWelcome } from './low-balance';
import { setToken, setUser } from './session';
import { deviceId } from './device-id';

export type { FormErrors };

export interface Messages {
  api: Translate<'api'>;
  auth: Translate<'auth'>;
}

const fallbacks = ({ auth }: Messages) => ({
  network: auth('dialog.network_error'),
  unknown: auth('dialog.unknown_error'),
});

/** One of the actions below as a form store (submit states, one submit at a time) for its form. */
export const authForm = <Input>(
  action: (input: Input, messages: Messages) => Promise<FormErrors | null>,
  messages: Messages,
) => createFormStore<Input>((input) => action(input, messages), fallbacks(messages));

/** Stores the token, then loads the user, then registers the player with the game gateway. */
async function startSignedIn(token: string, expiresAt?: string) {
  setToken(token, expiresAt);
  $sessionEnded.set(false);
  setUser(await getMe());
  playerSet(document.documentElement.lang).catch((error) =>
    console.error('[session] the game gateway did not register the player', error),
  );
}

/**
 * `code` is sent once the server asked for it (a 400 on `code`: the player has two-factor
 * sign-in); the form then shows the code field with the server's words.
 */
export async function signIn(
  values: { email: string; password: string; code?: string },
  messages: Messages,
): Promise<FormErrors | null> {
  const problems = checkSignIn(values);
  if (values.code !== undefined) checkTwoFactorCode(problems, 'code', values.code.trim());
  if (hasProblems(problems)) return problemMessages(problems, messages.api);
  try {
    const code = values.code?.trim();
    const device = deviceId();
    const { auth_token, expires_at, first_sign_in } = await login({
      email: values.email.trim(),
      password: values.password,
      ...(code ? { code } : {}),
      ...(device ? { device_id: device } : {}),
    });
    // A new player has nothing on their balance yet: their first sign-in greets them instead of warning them.
    if (first_sign_in) expectWelcome();
    forgetRegisteredEmail();
    await startSignedIn(auth_token, expires_at);
    return null;
  } catch (error) {
    const errors = serverErrors(error, fallbacks(messages));
    // A locked sign-in points to the way out: a new password by email.
    if (error instanceof ApiError && error.status === 429) {
      errors.form = [
        ...(errors.form ?? []),
        messages.auth('sign_in.locked_hint', { forgot: messages.auth('sign_in.forgot') }),
      ];
    }
    return errors;
  }
}

/**
 * Registers. The account waits for activation by the mailed link, so the player is not signed
 * in: `created` gets the answer (the same for an address that already has an account), and the
 * form shows where the link went.
 */
export async function signUp(
  values: Omit<RegisterRequest, 'time_zone'>,
  messages: Messages,
  created: (answer: RegisterResponse) => void,
): Promise<FormErrors | null> {
  const problems = checkRegistration(values);
  // The strength rules bring zxcvbn's dictionaries: loaded only when a registration is checked.
  const { checkPasswordStrength } = await import('../../core/api/password-strength');
  checkPasswordStrength(problems, values.password, [values.email, values.username]);
  if (hasProblems(problems)) return problemMessages(problems, messages.api);
  const email = values.email.trim();
  try {
    const { username, password, date_of_birth, accept_terms, marketing_consent, country, deposit_limit } = values;
    // The browser's time zone, so mails give dates and times as the player's clock shows them.
    const time_zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const answer = await register({
      email,
      username,
      password,
      date_of_birth,
      accept_terms,
      marketing_consent: marketing_consent === true,
      time_zone,
      ...(country ? { country } : {}),
      ...(deposit_limit ? { deposit_limit } : {}),
      ...(values.ref ? { ref: values.ref } : {}),
    });
    // Used or ignored, the code has done its job: a stale one must not follow the visitor around.
    forgetReferral();
    rememberRegisteredEmail(answer.email);
    // Registered from a game page: activation brings the player back to that game.
    if (/^(\/[a-z]{2})?\/play(\/|\?|$)/.test(location.pathname + location.search))
      rememberReturnPath(location.pathname + location.search);
    created(answer);
    return null;
  } catch (error) {
    return serverErrors(error, fallbacks(messages));
  }
}

/** Asks for a mailed link. The server answers alike for every address, and so does the form. */
async function askForLink(
  send: (body: { email: string }) => Promise<void>,
  values: { email: string },
  messages: Messages,
): Promise<FormErrors | null> {
  const problems: Problems = {};
  checkEmail(problems, values.email);
  if (hasProblems(problems)) return problemMessages(problems, messages.api);
  try {
    await send({ email: values.email.trim() });
    return null;
  } catch (error) {
    return serverErrors(error, fallbacks(messages));
  }
}

/** Asks for a password-reset link. */
export const requestReset = (values: { email: string }, messages: Messages) =>
  askForLink((body) => requestPasswordReset(body), values, messages);

/** Asks for a new activation link. */
export const requestActivationLink = (values: { email: string }, messages: Messages) =>
  askForLink((body) => resendActivation(body), values, messages);

/** Activates the account with the uid and token of the mailed link. */
export async function activateAccount(
  values: { uid: string; token: string },
  messages: Messages,
): Promise<FormErrors | null> {
  try {
    await activate(values);
    return null;
  } catch (error) {
    return serverErrors(error, fallbacks(messages));
  }
}

/** Sets the password from a reset link's uid and token. The player then signs in with it. */
export async function confirmReset(
  values: { uid: string; token: string; new_password: string },
  messages: Messages,
): Promise<FormErrors | null> {
  const weak = await strongNewPassword(values.new_password, messages.api);
  if (weak) return weak;
  try {
    await confirmPasswordReset(values);
    return null;
  } catch (error) {
    return serverErrors(error, fallbacks(messages));
  }
}
