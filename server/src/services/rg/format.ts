import type { Locale } from '../../base/i18n.ts';

/** A moment as the reader's language writes it, in UTC (the server does not know the player's zone). */
export const formatInstant = (date: Date, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'tl' ? 'fil' : locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
