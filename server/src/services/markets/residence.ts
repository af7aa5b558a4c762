import { InvalidInput, MarketRefusal } from '../../base/domain-errors.ts';
import type { MarketProfile } from '../../markets/market-profile.ts';

/** Whether the market's licence covers players living in `country`. */
export function countryOffered(profile: MarketProfile, country: string): boolean {
  const { countries, blocked } = profile.residence;
  if (blocked.includes(country)) return false;
  return countries === 'any' || countries.includes(country);
}

/**
 * Refuses a registration from a country the licence does not cover (`country_not_offered`). Where the licence
 * covers only some countries, the country is required; a market open to any country takes a registration
 * without one (the account's country stays unknown, as for accounts made before it was asked).
 */
export function admitResidence(profile: MarketProfile, country: string | undefined): void {
  if (country === undefined) {
    if (profile.residence.countries !== 'any') throw InvalidInput.of('country', 'account.country_required');
    return;
  }
  if (!countryOffered(profile, country))
    throw new MarketRefusal({
      code: 'country_not_offered',
      key: 'market.country_not_offered',
      params: { regulator: profile.regulator.name },
    });
}
