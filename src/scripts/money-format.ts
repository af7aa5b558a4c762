import { LOCALE_INTL, type Locale } from '../i18n/locales.mjs';

/** A decimal-string amount as money in the page's locale. Intl formats the string exactly, without floats. */
export function formatMoney(amount: string, currency: string, locale: string = document.documentElement.lang): string {
  const tag = LOCALE_INTL[locale as Locale] ?? locale;
  return new Intl.NumberFormat(tag, { style: 'currency', currency }).format(amount as unknown as number);
}
