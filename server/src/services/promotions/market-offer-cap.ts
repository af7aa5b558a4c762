/**
 * The highest wagering multiple a market lets a bonus ask: 10× in Great Britain (UKGC, from
 * January 2026), no cap elsewhere (null). One function so the market profiles can replace it.
 */
export const maxWageringMultiple = (market: string | undefined): number | null => (market === 'GB' ? 10 : null);
