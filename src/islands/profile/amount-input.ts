import type { Limits } from '#core/api/contract.ts';
import { checkAmount } from '#core/api/money.ts';
import type { Translators } from './use-messages';
import { formatMoney } from './format';
import { LOCALE_INTL, type Locale } from '#core/i18n/locales.mjs';

/**
 * What a player typed, as the API's decimal string: "25,5" (a decimal comma) becomes "25.5", and
 * a German "1.000,50" (dots grouping thousands, a decimal comma) becomes "1000.50".
 */
export const normaliseAmount = (typed: string) => {
  const trimmed = typed.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (/^\d{1,3}(\.\d{3})+,\d{1,2}$/.test(trimmed)) return trimmed.replace(/\./g, '').replace(',', '.');
  return /^\d+,\d{1,2}$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
};

/** The locale's decimal separator: "," in de, fr, es, it, pt, ru, id, tr; "." in en, ja, zh, ko, hi, tl. */
export const decimalSeparator = (locale: Locale) =>
  new Intl.NumberFormat(LOCALE_INTL[locale]).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';

/** An API amount ("500.00") as the player types it in their language ("500,00" in German), for an input's value. */
export const amountForInput = (amount: string, locale: Locale) => amount.replace('.', decimalSeparator(locale));

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
  return {
    error: api(`errors.${checked.problem}`, {
      min: formatMoney(min, currency, locale),
      max: formatMoney(max, currency, locale),
    }),
  };
}

/** A fresh Idempotency-Key: one per distinct request the player means to make. */
export const newIdempotencyKey = () => crypto.randomUUID();
