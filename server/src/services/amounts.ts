import { checkAmount } from '#core/api/money.ts';
import type { Problem } from '#core/api/validation.ts';
import type { Locale } from '../base/i18n.ts';
import { formatMoney } from '#core/i18n/money-format.ts';

/**
 * Checks a requested amount against [min, max] and answers either the normalised amount or the
 * field problem, with the limits formatted for the reader.
 */
export function readAmount(
  value: unknown,
  min: string,
  max: string,
  locale: Locale,
  currency: string,
): { amount: string } | { problem: Problem } {
  if (value === undefined || value === null || value === '') return { problem: { key: 'required' } };
  const checked = checkAmount(value, min, max);
  if ('amount' in checked) return checked;
  return {
    problem: {
      key: checked.problem,
      params: { min: formatMoney(min, currency, locale), max: formatMoney(max, currency, locale) },
    },
  };
}
