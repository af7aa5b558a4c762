import { LOCALE_INTL, type Locale } from '#core/i18n/locales.mjs';

export { formatMoney } from '#core/i18n/money-format.ts';

export const formatDate = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(LOCALE_INTL[locale], { dateStyle: 'medium' }).format(new Date(iso));

export const formatDateTime = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(LOCALE_INTL[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export const formatNumber = (value: number, locale: Locale) => new Intl.NumberFormat(LOCALE_INTL[locale]).format(value);

/** A fraction from 0 to 1 as the reader writes a percentage ("45 %", "%45", "45%"). */
export const formatPercent = (fraction: number, locale: Locale) =>
  new Intl.NumberFormat(LOCALE_INTL[locale], { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
