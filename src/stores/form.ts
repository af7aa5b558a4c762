import { atom, type ReadableAtom } from 'nanostores';
import type { Translate } from '../i18n/translator';
import { serverErrors, type FormErrors } from './form-errors';

/** Where a form's submit stands: `done` and `error` stay until the next submit. */
export type SubmitState = 'idle' | 'submitting' | 'done' | 'error';

/** What a profile form says when a call fails without a message of the server's own. */
export interface FailureMessages {
  network: string;
  unknown: string;
}

/** A profile form's failure messages: the profile set's general error for both. */
export const failureMessages = (t: Translate<'profile'>): FailureMessages => ({
  network: t('common.error'),
  unknown: t('common.error'),
});

export interface FormStore<Input> {
  readonly $state: ReadableAtom<SubmitState>;
  readonly $errors: ReadableAtom<FormErrors>;
  /** Runs the form's action once; a submit while one is under way is ignored (answers false). */
  submit(input: Input): Promise<boolean>;
  /** A field changed: a `done` form goes back to `idle`, since its "saved" no longer holds. */
  edited(): void;
}

/**
 * The submit flow every form shares, without a DOM: `action` answers the form's own errors (its
 * rules said no) or nothing once done; what it throws (an `ApiError`, the network) becomes errors
 * through `serverErrors`. The state is set before the first await, so a double click submits once.
 */
export function createFormStore<Input>(
  action: (input: Input) => Promise<FormErrors | null | void>,
  failure: FailureMessages,
): FormStore<Input> {
  const $state = atom<SubmitState>('idle');
  const $errors = atom<FormErrors>({});
  async function submit(input: Input) {
    if ($state.get() === 'submitting') return false;
    $state.set('submitting');
    let errors: FormErrors | null | void;
    try {
      errors = await action(input);
    } catch (error) {
      errors = serverErrors(error, failure);
    }
    $errors.set(errors ?? {});
    $state.set(errors ? 'error' : 'done');
    return !errors;
  }
  const edited = () => {
    if ($state.get() === 'done') $state.set('idle');
  };
  return { $state, $errors, submit, edited };
}
