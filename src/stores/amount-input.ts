import type { Limits } from '../../core/api/contract';
import { checkAmount, normaliseAmount } from '../../core/api/money';
import { formatMoney } from '../../core/i18n/money-format';
import { LOCALE_INTL, type Locale } from '../../core/i18n/locales.ts';
import type { Translate } from '../i18n/translator';

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
  api: Translate<'api'>,
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
