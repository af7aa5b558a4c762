import { atom } from 'nanostores';
import type { PaymentMethod, User, Withdrawal, WithdrawalRequest } from '../../core/api/contract';
import { checkDestination } from '../../core/api/destination-rules';
import type { Problems } from '../../core/api/validation';
import type { Locale } from '../../core/i18n/locales.ts';
import type { Translate } from '../i18n/translator';
import { newIdempotencyKey, validateAmount } from './amount-input';
import { createFormStore, failureMessages } from './form';
import { problemMessages } from './form-errors';

export interface WithdrawalFormDeps {
  locale: Locale;
  t: Translate<'profile'>;
  api: Translate<'api'>;
  /** The signed-in player (limits and currency), or null while unknown. */
  user: () => User | null;
  /** POST /user/withdrawal with its Idempotency-Key (`requestWithdrawal` in src/api/payments.ts). */
  requestWithdrawal: (body: WithdrawalRequest, idempotencyKey: string) => Promise<Withdrawal>;
  /** After a request: the balance and the pending list change. */
  afterRequest: () => Promise<void>;
  newKey?: () => string;
}

/** What the player typed: the amount and the destination (card number, IBAN, address). */
export interface WithdrawalInput {
  amount: string;
  destination: string;
}

/**
 * /profile/withdrawal: the amount within the limits and a destination by the method's rules,
 * checked here as the server will, then one request per intent; `$requested` is the last answer.
 */
export function createWithdrawalForm(deps: WithdrawalFormDeps) {
  const { t, api, newKey = newIdempotencyKey } = deps;
  const $method = atom<PaymentMethod>('card');
  const $requested = atom<Withdrawal | undefined>();
  let intent = { key: newKey(), request: '' };

  const form = createFormStore<WithdrawalInput>(async (input) => {
    $requested.set(undefined);
    const user = deps.user();
    if (!user) return { form: [t('common.error')] };
    const method = $method.get();
    const problems: Problems = {};
    // The typed value goes to the server, which checks it again and stores it masked.
    const destination = input.destination.trim();
    const stored = checkDestination(problems, method, destination);
    const errors = problemMessages(problems, api);
    const { withdrawal_min, withdrawal_max } = user.limits;
    const checked = validateAmount(input.amount, withdrawal_min, withdrawal_max, user.currency, deps.locale, api);
    if ('error' in checked) errors.amount = [checked.error];
    if (Object.keys(errors).length || !('amount' in checked) || stored === undefined) return errors;

    // The same request again (a double submit, a retry) keeps its key, so it acts once.
    const request = JSON.stringify([checked.amount, method, destination]);
    if (intent.request !== request) intent = { key: newKey(), request };
    const withdrawal = await deps.requestWithdrawal({ amount: checked.amount, method, destination }, intent.key);
    intent = { key: newKey(), request: '' };
    $requested.set(withdrawal);
    await deps.afterRequest().catch((error) => console.error('[withdrawal] could not refresh', error));
  }, failureMessages(t));

  return { ...form, $method, $requested };
}

export type WithdrawalForm = ReturnType<typeof createWithdrawalForm>;
