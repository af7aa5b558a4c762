import type { User, UserUpdateRequest } from '../../core/api/contract';
import { checkUserUpdate, hasProblems } from '../../core/api/validation';
import type { Translate } from '../i18n/translator';
import { createFormStore, failureMessages } from './form';
import { problemMessages } from './form-errors';

export interface UserFieldsDeps {
  t: Translate<'profile'>;
  api: Translate<'api'>;
  /** PATCH /auth/users/me/ (`updateUser` in src/api/user.ts). */
  updateUser: (changes: UserUpdateRequest) => Promise<User>;
  /** The answer becomes the session's player (`setUser`), so the header and summary follow. */
  saved: (user: User) => void;
}

/**
 * A form over the player's own fields (/profile: names, time zone): checked by the shared rules
 * first, then sent; state `done` says it saved.
 */
export function createUserFieldsForm({ t, api, updateUser, saved }: UserFieldsDeps) {
  return createFormStore<UserUpdateRequest>(async (changes) => {
    const problems = checkUserUpdate(changes);
    if (hasProblems(problems)) return problemMessages(problems, api);
    saved(await updateUser(changes));
  }, failureMessages(t));
}
