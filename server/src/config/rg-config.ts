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
}

/** The safer-gambling settings, from variables already parsed (config/variables.ts). */
export function rgConfigFrom(values: RunValues): RgConfig {
  return {
    coolingOffHours: values.RG_COOLING_OFF_HOURS,
    realityCheckTestMinutes: values.RG_REALITY_CHECK_TEST_MINUTES,
  };
}
