import { LOCALE_INTL, type Locale } from '../../i18n/locales.mjs';

/** Money from a decimal string, exactly (Intl formats the string; no float is made). */
export const formatMoney = (amount: string, currency: string, locale: Locale) =>
  new Intl.NumberFormat(LOCALE_INTL[locale], { style: 'currency', currency }).format(amount as unknown as number);

export const formatDate = (iso: string, locale: Locale) => new Intl.DateTimeFormat(LOCALE_INTL[locale], { dateStyle: 'medium' }).format(new Date(iso));

export const formatDateTime = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(LOCALE_INTL[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export const formatNumber = (value: number, locale: Locale) => new Intl.NumberFormat(LOCALE_INTL[locale]).format(value);
