import { atom } from 'nanostores';
import type { CreatePaymentRequest, Payment, PaymentMethod, User } from '../../core/api/contract';
import type { Locale } from '../../core/i18n/locales.ts';
import type { Translate } from '../i18n/translator';
import { newIdempotencyKey, validateAmount } from './amount-input';
import { createFormStore, failureMessages } from './form';
import type { FormErrors } from './form-errors';

export interface DepositFormDeps {
  locale: Locale;
  t: Translate<'profile'>;
  api: Translate<'api'>;
  /** The signed-in player (limits and currency), or null while unknown. */
  user: () => User | null;
  /** POST /payments with its Idempotency-Key (`createPayment` in src/api/payments.ts). */
  createPayment: (body: CreatePaymentRequest, idempotencyKey: string) => Promise<Payment>;
  /** Where the payment page sends the player back (read at submit: the page's path). */
  returnUrl: () => string;
  /** Off to the payment page, once the payment exists. */
  redirect: (payment: Payment) => void;
  newKey?: () => string;
}

/**
 * /profile/deposit: the amount and method, checked by the server's amount rule, then a payment
 * created once per intent and the player sent to the payment page (state `done` = redirecting).
 */
export function createDepositForm(deps: DepositFormDeps) {
  const { t, api, newKey = newIdempotencyKey } = deps;
  const $amount = atom('');
  const $method = atom<PaymentMethod>('card');
  // One key per intended payment: a double click or a retry of the same amount and method
  // reuses it, so the server creates one payment; changing either makes a new intent.
  let intent = { key: newKey(), amount: '', method: '' };

  const form = createFormStore<void>(async (): Promise<FormErrors | void> => {
    const user = deps.user();
    if (!user) return { form: [t('common.error')] };
    const { deposit_min, deposit_max } = user.limits;
    const checked = validateAmount($amount.get(), deposit_min, deposit_max, user.currency, deps.locale, api);
    if ('error' in checked) return { amount: [checked.error] };
    const method = $method.get();
    if (intent.amount !== checked.amount || intent.method !== method)
      intent = { key: newKey(), amount: checked.amount, method };
    const payment = await deps.createPayment(
      { amount: checked.amount, method, return_url: deps.returnUrl() },
      intent.key,
    );
    deps.redirect(payment);
  }, failureMessages(t));

  return { ...form, $amount, $method };
}

export type DepositForm = ReturnType<typeof createDepositForm>;
