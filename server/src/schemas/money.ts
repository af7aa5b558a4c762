/**
 * Bodies that move money: a deposit (`create-payment`) and a withdrawal. Amounts are read with the
 * limits of the server's configuration and formatted for the reader's locale; destinations with
 * the server's full rules (`destination.ts`).
 */
import { PAYMENT_METHODS, type PaymentMethod } from '#core/api/contract.ts';
import type { Problems } from '#core/api/validation.ts';
import type { ServerConfig } from '../config/server-config.ts';
import { bodyRule } from '../http/body-schema.ts';
import type { Locale } from '../base/i18n.ts';
import { readAmount } from '../services/amounts.ts';
import { allowedReturnUrl } from '../services/return-url.ts';
import { checkFullDestination } from './destination.ts';

/** A payment method of the contract: `required` when missing, `method_invalid` otherwise. */
export function checkMethod(problems: Problems, value: unknown): value is PaymentMethod {
  if (PAYMENT_METHODS.includes(value as never)) return true;
  problems.method = [{ key: value === undefined ? 'required' : 'method_invalid' }];
  return false;
}

/** An amount within [min, max]: the normalised decimal string, or its problem under `amount`. */
function amountOf(problems: Problems, value: unknown, [min, max]: [string, string], locale: Locale, currency: string) {
  const amount = readAmount(value, min, max, locale, currency);
  if ('problem' in amount) problems.amount = [amount.problem];
  return 'amount' in amount ? amount.amount : '';
}

/**
 * `{amount, method, currency?, return_url?}` of a deposit. The currency, when sent, must be the
 * server's; the return address must be a configured origin (see docs/security.md), else the site.
 */
export const paymentBody = (config: ServerConfig, locale: Locale, origin: string | undefined) =>
  bodyRule((input, problems) => {
    const limits: [string, string] = [config.limits.deposit_min, config.limits.deposit_max];
    const amount = amountOf(problems, input.amount, limits, locale, config.currency);
    if (
      input.currency !== undefined &&
      (typeof input.currency !== 'string' || input.currency.toUpperCase() !== config.currency)
    ) {
      problems.currency = [{ key: 'currency_unsupported', params: { currency: config.currency } }];
    }
    checkMethod(problems, input.method);
    const returnUrl = allowedReturnUrl(input.return_url, config, origin);
    if (!returnUrl) problems.return_url = [{ key: 'return_url_invalid' }];
    return { amount, method: input.method as PaymentMethod, return_url: returnUrl ?? '' };
  });

/** `{amount, method, destination}` of a withdrawal; the destination answered as stored (masked, grouped). */
export const withdrawalBody = (config: ServerConfig, locale: Locale) =>
  bodyRule((input, problems) => {
    const limits: [string, string] = [config.limits.withdrawal_min, config.limits.withdrawal_max];
    const amount = amountOf(problems, input.amount, limits, locale, config.currency);
    checkMethod(problems, input.method);
    const destination = checkFullDestination(problems, input.method, input.destination);
    // A destination with no valid method is only checked as text: the method's problem refuses the body.
    return { amount, method: input.method as PaymentMethod, destination: destination ?? '' };
  });
