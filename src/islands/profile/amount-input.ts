import type { Limits } from '../../api/contract';
import { checkAmount } from '../../api/money';
import type { Translators } from './use-messages';
import { formatMoney } from './format';
import type { Locale } from '../../i18n/locales.mjs';

/** What a player typed, as the API's decimal string: "25,5" (a decimal comma) becomes "25.5". */
export const normaliseAmount = (typed: string) => {
  const trimmed = typed.trim().replace(/\s/g, '');
  return /^\d+,\d{1,2}$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
};

/**
 * The same amount rule as the server, with its message: answers the amount to send, or the
 * error text for the field.
 */
export function validateAmount(
  typed: string,
  min: Limits['deposit_min'],
  max: Limits['deposit_max'],
  currency: string,
  locale: Locale,
  api: Translators['api'],
): { amount: string } | { error: string } {
  const amount = normaliseAmount(typed);
  if (!amount) return { error: api('errors.required') };
  const checked = checkAmount(amount, min, max);
  if ('amount' in checked) return { amount: checked.amount };
  return { error: api(`errors.${checked.problem}`, { min: formatMoney(min, currency, locale), max: formatMoney(max, currency, locale) }) };
}

/** A fresh Idempotency-Key: one per distinct request the player means to make. */
export const newIdempotencyKey = () => crypto.randomUUID();
