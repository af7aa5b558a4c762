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

export function loadRgConfig(env: Record<string, string | undefined>): RgConfig {
  const hours = Number(env.RG_COOLING_OFF_HOURS ?? 24);
  if (!Number.isFinite(hours) || hours < 0) throw new Error('RG_COOLING_OFF_HOURS must be a number of hours ≥ 0');
  const test = env.RG_REALITY_CHECK_TEST_MINUTES;
  const testMinutes = test ? Number(test) : undefined;
  if (testMinutes !== undefined && (!Number.isInteger(testMinutes) || testMinutes < 1)) throw new Error('RG_REALITY_CHECK_TEST_MINUTES must be a whole number ≥ 1');
  return { coolingOffHours: hours, realityCheckTestMinutes: testMinutes };
}
