import type { MarketInfo } from '../../core/api/contract';
import { countryOptions, defaultCountry } from '../../core/geo/countries';
import type { Locale } from '../../core/i18n/locales';

export interface ResidenceChoice {
  /** Every country, named and sorted in the page's language. */
  options: { code: string; name: string }[];
  /** The country the select starts on; '' for none (the licence covers none of the likely ones). */
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
  market: Pick<MarketInfo, 'countries' | 'blocked_countries'> | undefined,
): ResidenceChoice {
  return {
    options: countryOptions(locale),
    initial: defaultCountry(locale, browserLanguages, {
      countries: market?.countries ?? 'any',
      blocked: market?.blocked_countries ?? [],
    }),
  };
}

/**
 * Whether the sign-up form asks for a monthly deposit limit, and must have one: as the market's profile says
 * (`GET /api/market`); nothing is asked until the market is known, and the server decides either way.
 */
export function depositLimitAsk(market: Pick<MarketInfo, 'deposit_limit'> | undefined): {
  shown: boolean;
  required: boolean;
} {
  const at = market?.deposit_limit.at_registration ?? 'none';
  return { shown: at !== 'none', required: at === 'required' };
}

/** The limit as the registration sends it: a typed amount is a monthly limit, an empty field none. */
export function registrationLimit(typed: string): { amount: string; period: 'month' } | undefined {
  const amount = typed.trim();
  return amount ? { amount, period: 'month' } : undefined;
}
