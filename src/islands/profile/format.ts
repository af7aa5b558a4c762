import { LOCALE_INTL, type Locale } from '../../i18n/locales.mjs';

export { formatMoney } from '../../i18n/money-format';

export const formatDate = (iso: string, locale: Locale) => new Intl.DateTimeFormat(LOCALE_INTL[locale], { dateStyle: 'medium' }).format(new Date(iso));

export const formatDateTime = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(LOCALE_INTL[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export const formatNumber = (value: number, locale: Locale) => new Intl.NumberFormat(LOCALE_INTL[locale]).format(value);
