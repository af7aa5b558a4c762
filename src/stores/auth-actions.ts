// Sign-in and registration as actions the dialogs call: validate with the server's own rules,
// call the API, store the session, and map every failure to messages per field.
import { login, register } from '../api/auth';
import { playerSet } from '../api/games';
import { getMe } from '../api/user';
import { checkTwoFactorCode } from '../api/two-factor-code';
import { checkRegistration, checkSignIn, hasProblems } from '../api/validation';
import type { Translate } from '../i18n/translator';
import { forgetReferral } from '../scripts/referral-capture';
import { $sessionEnded } from './dialogs';
import { problemMessages, serverErrors, type FormErrors } from './form-errors';
import { setToken, setUser } from './session';

export type { FormErrors };

export interface Messages {
  api: Translate<'api'>;
  auth: Translate<'auth'>;
}

const fallbacks = ({ auth }: Messages) => ({ network: auth('dialog.network_error'), unknown: auth('dialog.unknown_error') });

/** Stores the token, then loads the user, then registers the player with the game gateway. */
async function startSignedIn(token: string) {
  setToken(token);
  $sessionEnded.set(false);
  setUser(await getMe());
  playerSet(document.documentElement.lang).catch((error) => console.error('[session] the game gateway did not register the player', error));
}

/**
 * `code` is sent once the server asked for it (a 400 on `code`: the player has two-factor
 * sign-in); the form then shows the code field with the server's words.
 */
export async function signIn(values: { email: string; password: string; code?: string }, messages: Messages): Promise<FormErrors | null> {
  const problems = checkSignIn(values);
  if (values.code !== undefined) checkTwoFactorCode(problems, 'code', values.code.trim());
  if (hasProblems(problems)) return problemMessages(problems, messages.api);
  try {
    const code = values.code?.trim();
    const { auth_token } = await login({ email: values.email.trim(), password: values.password, ...(code ? { code } : {}) });
    await startSignedIn(auth_token);
    return null;
  } catch (error) {
    return serverErrors(error, fallbacks(messages));
  }
}

/**
 * When the account is created but its referral code matched nobody, `referralIgnored` is awaited
 * before signing in: the form tells the player first, so the notice is not hidden under the
 * dialogs that signing in opens.
 */
export async function signUp(
  values: { email: string; username: string; password: string; ref?: string },
  messages: Messages,
  referralIgnored?: () => Promise<void>,
): Promise<FormErrors | null> {
  const problems = checkRegistration(values);
  // The strength rules bring zxcvbn's dictionaries: loaded only when a registration is checked.
  const { checkPasswordStrength } = await import('../api/password-strength');
  checkPasswordStrength(problems, values.password, [values.email, values.username]);
  if (hasProblems(problems)) return problemMessages(problems, messages.api);
  const email = values.email.trim();
  try {
    const created = await register({ email, username: values.username, password: values.password, ...(values.ref ? { ref: values.ref } : {}) });
    // Used or ignored, the code has done its job: a stale one must not follow the visitor around.
    forgetReferral();
    if (created.ref_ignored) await referralIgnored?.();
    const { auth_token } = await login({ email, password: values.password });
    await startSignedIn(auth_token);
    return null;
  } catch (error) {
    return serverErrors(error, fallbacks(messages));
  }
}
