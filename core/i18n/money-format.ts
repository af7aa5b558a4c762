import { LOCALE_INTL, type Locale } from './locales.ts';

/**
 * A decimal-string amount as money in a locale, exactly: Intl formats the string itself, so no
 * float is ever made. Shared by the server's messages, the header, the lobby and the profile.
 */
export function formatMoney(amount: string, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(LOCALE_INTL[locale] ?? locale, { style: 'currency', currency }).format(
    amount as unknown as number,
  );
}
