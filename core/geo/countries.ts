import type { Locale } from '../i18n/locales.ts';

/**
 * ISO 3166-1 alpha-2: every officially assigned code (249). The names come from the runtime's
 * Intl.DisplayNames in the reader's language, so no table of names ships to the browser.
 */
const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY ' +
  'BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK ' +
  'FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR ' +
  'IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ' +
  'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF ' +
  'TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW';

export const COUNTRY_CODES: readonly string[] = CODES.split(' ');
const KNOWN = new Set(COUNTRY_CODES);

/** Whether `value` is an assigned ISO 3166-1 alpha-2 code, upper case as stored ("GB", not "gb" or "UK"). */
export function isCountryCode(value: unknown): value is string {
  return typeof value === 'string' && KNOWN.has(value);
}

/** The country's name in `locale` ("Deutschland" for DE in German); the code itself where the runtime has no name. */
export function countryName(code: string, locale: Locale | string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every country, named and sorted in `locale`'s order, for a select. */
export function countryOptions(locale: Locale | string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

/** The country most readers of a language live in, when the browser names none (English: the United Kingdom). */
const COUNTRY_OF_LOCALE: Record<Locale, string> = {
  en: 'GB',
  ru: 'RU',
  de: 'DE',
  es: 'ES',
  fr: 'FR',
  hi: 'IN',
  id: 'ID',
  it: 'IT',
  ja: 'JP',
  ko: 'KR',
  pt: 'PT',
  tl: 'PH',
  tr: 'TR',
  zh: 'CN',
};

/** The countries of residence a market's licence covers, as `GET /api/market` tells them. */
export interface CoveredCountries {
  countries: readonly string[] | 'any';
  blocked: readonly string[];
}

/**
 * The country a sign-up form starts with: the one country the market's licence covers, else the region of the
 * browser's language when it names one in the page's language ("de-AT" on a German page: AT), else the
 * page language's usual country; the first of these the licence covers, else none (''): the player chooses.
 * The player can always change it; this only saves a scroll.
 */
export function defaultCountry(
  pageLocale: Locale,
  browserLanguages: readonly string[],
  market: CoveredCountries,
): string {
  const { countries, blocked } = market;
  const covered = (code: string) => !blocked.includes(code) && (countries === 'any' || countries.includes(code));
  if (countries !== 'any' && countries.length === 1) return countries[0]!;
  const candidates = [...browserLanguages.map((tag) => regionOf(tag, pageLocale)), COUNTRY_OF_LOCALE[pageLocale]];
  return candidates.find((code): code is string => code !== undefined && covered(code)) ?? '';
}

/** The region of a language tag in the page's language ("de-AT" on a German page: AT); undefined otherwise. */
function regionOf(tag: string, pageLocale: Locale): string | undefined {
  try {
    const parsed = new Intl.Locale(tag);
    return parsed.language === pageLocale && isCountryCode(parsed.region) ? parsed.region : undefined;
  } catch {
    return undefined;
  }
}
