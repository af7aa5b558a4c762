import type { UserUpdateRequest } from '#core/api/contract.ts';
import { updateUser } from '../../api/user';
import { checkUserUpdate, hasProblems } from '#core/api/validation.ts';
import { problemMessages, serverErrors, type FormErrors } from '../../stores/form-errors';
import { setUser } from '../../stores/session';
import { failureMessages, type Translators } from './use-messages';

/**
 * Saves changes to the player's profile fields: checked by the shared rules first, then sent, and
 * the answer becomes the session's user. Answers the form's errors, or null once saved.
 */
export async function saveUserChanges(
  changes: UserUpdateRequest,
  { t, api }: Pick<Translators, 't' | 'api'>,
): Promise<FormErrors | null> {
  const problems = checkUserUpdate(changes);
  if (hasProblems(problems)) return problemMessages(problems, api);
  try {
    setUser(await updateUser(changes));
    return null;
  } catch (error) {
    return serverErrors(error, failureMessages(t));
  }
}
