import type { MarketInfo } from '#core/api/contract.ts';
import type { MarketConfig } from '../../config/server-config.ts';

/**
 * What the site shows of the market: its regulator (name and link), the operator's licence number and
 * the game mechanics it offers.
 */
export function marketInfo({ profile, licenceNumber }: MarketConfig): MarketInfo {
  return {
    code: profile.code,
    currency: profile.currency,
    regulator: { name: profile.regulator.name, url: profile.regulator.url },
    licence_number: licenceNumber ?? null,
    countries: profile.residence.countries,
    blocked_countries: profile.residence.blocked,
    deposit_limit: {
      at_registration: profile.rules.depositLimits.atRegistration,
      monthly_max: profile.rules.depositLimits.monthlyMax,
      monthly_max_young: profile.rules.depositLimits.monthlyMaxYoung ?? null,
    },
    games_allowed: profile.rules.games.allowed === 'all' ? 'all' : [...profile.rules.games.allowed],
  };
}
