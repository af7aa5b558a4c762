import type { MarketProfile } from '../markets/market-profile.ts';
import type { RunValues } from './variables.ts';

/** Safer-gambling settings (docs/configuration.md). */
export interface RgConfig {
  /** Hours a raised or removed limit waits before it applies (UKGC RTS 12: at least 24). */
  coolingOffHours: number;
  /**
   * An extra reality-check interval in minutes that the API accepts, for end-to-end tests only
   * (RG_REALITY_CHECK_TEST_MINUTES); unset in production, where only 15–120 are offered.
   */
  realityCheckTestMinutes?: number;
  /** The shares of a deposit or loss limit (percent) at which the player is told, once per window (the market's). */
  limitAlertPercents: number[];
  /** The market's longest time between two reality checks, in minutes (NL: 30); undefined: the player's choice. */
  realityCheckMaxMinutes?: number;
}

/** The safer-gambling settings, from variables already parsed (config/variables.ts). */
export function rgConfigFrom(values: RunValues, market?: MarketProfile): RgConfig {
  const limits = market?.rules.limitChanges;
  return {
    // The market's delay is a floor: an operator may wait longer, never less.
    coolingOffHours: Math.max(values.RG_COOLING_OFF_HOURS, limits?.raiseDelayHours ?? 0),
    realityCheckTestMinutes: values.RG_REALITY_CHECK_TEST_MINUTES,
    limitAlertPercents: [...(limits?.alertsAtPercent ?? [])],
    realityCheckMaxMinutes: market?.rules.realityCheck?.intervalMinutes,
  };
}
