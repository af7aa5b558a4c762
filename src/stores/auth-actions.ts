// Sign-in and registration as actions the dialogs call: validate with the server's own rules,
// call the API, store the session, and map every failure to messages per field.
import { login, register } from '../api/auth';
import { ApiError } from '../api/errors';
import { playerSet } from '../api/games';
import { getMe } from '../api/user';
import { checkRegistration, checkSignIn, hasProblems, type Problems } from '../api/validation';
import type { Translate } from '../i18n/translator';
import { forgetReferral } from '../scripts/referral-capture';
import { setToken, setUser } from './session';

/** Translated messages per field; `form` holds those that belong to no field. */
export type FormErrors = Record<string, string[]>;

export interface Messages {
  api: Translate<'api'>;
  auth: Translate<'auth'>;
}

const translateProblems = (problems: Problems, { api }: Messages): FormErrors =>
  Object.fromEntries(Object.entries(problems).map(([field, list]) => [field, list.map((p) => api(`errors.${p.key}` as never, p.params))]));

/** Server errors as form errors: DRF's `non_field_errors` and `detail` become `form`. */
export function serverErrors(error: unknown, { auth }: Messages): FormErrors {
  if (!(error instanceof ApiError)) {
    console.error('[auth] unexpected failure', error);
    return { form: [auth('dialog.unknown_error')] };
  }
  if (error.isNetworkError) return { form: [auth('dialog.network_error')] };
  const { non_field_errors, ...fields } = error.fields;
  const form = [...(non_field_errors ?? []), ...(error.detail ? [error.detail] : [])];
  const result: FormErrors = { ...fields, ...(form.length ? { form } : {}) };
  return Object.keys(result).length ? result : { form: [auth('dialog.unknown_error')] };
}

/** Stores the token, then loads the user, then registers the player with the game gateway. */
async function startSignedIn(token: string) {
  setToken(token);
  setUser(await getMe());
  playerSet(document.documentElement.lang).catch((error) => console.error('[session] the game gateway did not register the player', error));
}

export async function signIn(values: { email: string; password: string }, messages: Messages): Promise<FormErrors | null> {
  const problems = checkSignIn(values);
  if (hasProblems(problems)) return translateProblems(problems, messages);
  try {
    const { auth_token } = await login({ email: values.email.trim(), password: values.password });
    await startSignedIn(auth_token);
    return null;
  } catch (error) {
    return serverErrors(error, messages);
  }
}

export async function signUp(
  values: { email: string; username: string; password: string; ref?: string },
  messages: Messages,
): Promise<FormErrors | null> {
  const problems = checkRegistration(values);
  if (hasProblems(problems)) return translateProblems(problems, messages);
  const email = values.email.trim();
  try {
    await register({ email, username: values.username, password: values.password, ...(values.ref ? { ref: values.ref } : {}) });
    forgetReferral();
    const { auth_token } = await login({ email, password: values.password });
    await startSignedIn(auth_token);
    return null;
  } catch (error) {
    return serverErrors(error, messages);
  }
}
