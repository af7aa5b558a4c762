import { atom } from 'nanostores';
import type { CloseAccountRequest, CloseAccountResponse, PaymentMethod } from '../../core/api/contract';
import type { Translate } from '../i18n/translator';
import { createFormStore, failureMessages } from './form';

export interface CloseAccountDeps {
  t: Translate<'profile'>;
  api: Translate<'api'>;
  /** POST /api/user/close (`closeAccount` in src/api/account.ts). */
  closeAccount: (body: CloseAccountRequest) => Promise<CloseAccountResponse>;
}

/** The close form as FormData gives it; `payout` only when there is a balance to pay out. */
export interface CloseAccountInput {
  password: string;
  reason: string;
  payout?: { method: PaymentMethod; destination: string };
}

/**
 * /profile/security, close my account, in two steps: `ask` checks the form and opens the
 * confirmation (`$confirming`); `submit` (after the player said yes) sends it. `$closed` holds the
 * payout once closed: `null` without a balance, `undefined` while the account is open.
 */
export function createCloseAccountForm({ t, api, closeAccount }: CloseAccountDeps) {
  const $confirming = atom(false);
  const $closed = atom<CloseAccountResponse['payout'] | undefined>();
  const form = createFormStore<CloseAccountInput>(async ({ password, reason, payout }) => {
    try {
      const answer = await closeAccount({
        password,
        reason: reason.trim(),
        ...(payout ? { method: payout.method, destination: payout.destination.trim() } : {}),
      });
      $closed.set(answer.payout);
    } finally {
      // The dialog stays open (busy) while the call runs; a refusal is read on the form.
      $confirming.set(false);
    }
  }, failureMessages(t));
  const $errors = atom(form.$errors.get());
  form.$errors.subscribe((errors) => $errors.set(errors));

  /** The password is the one field the server cannot do without: asked for before the dialog opens. */
  function ask({ password }: Pick<CloseAccountInput, 'password'>) {
    if (!password) {
      $errors.set({ password: [api('errors.required')] });
      return false;
    }
    $errors.set({});
    $confirming.set(true);
    return true;
  }
  const cancel = () => $confirming.set(false);
  return { ...form, $errors, $confirming, $closed, ask, cancel };
}
