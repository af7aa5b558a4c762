import type { MarketInfo } from '../../core/api/contract';
import { countryOptions, defaultCountry } from '../../core/geo/countries';
import type { Locale } from '../../core/i18n/locales';

export interface ResidenceChoice {
  /** Every country, named and sorted in the page's language. */
  options: { code: string; name: string }[];
  /** The country the select starts on. */
  initial: string;
}

/**
 * The sign-up form's country select: every country in the page's language, starting on the one country the
 * market's licence covers, else the browser language's region, else the page language's usual country.
 * `market` is undefined until `GET /api/market` answers (or when it could not): the locale alone decides then.
 */
export function residenceChoice(
  locale: Locale,
  browserLanguages: readonly string[],
  market: Pick<MarketInfo, 'countries'> | undefined,
): ResidenceChoice {
  return {
    options: countryOptions(locale),
    initial: defaultCountry(locale, browserLanguages, market?.countries ?? 'any'),
  };
}
