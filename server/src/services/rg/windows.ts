import type { RgPeriod } from '#core/api/contract.ts';

/**
 * Rolling windows that end now: a deposit or round counts while its time is after `start(now)`.
 * A month is a calendar month back, clamped like PostgreSQL's interval arithmetic (31 March → 28/29 February).
 */
function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export function shift(
  date: Date,
  period: RgPeriod | '24h' | '7d' | '1m' | '6w' | '6m' | '1y' | '2y' | '5y',
  direction: 1 | -1 = 1,
): Date {
  switch (period) {
    case 'day':
    case '24h':
      return new Date(date.getTime() + direction * DAY_MS);
    case 'week':
    case '7d':
      return new Date(date.getTime() + direction * 7 * DAY_MS);
    case '6w':
      return new Date(date.getTime() + direction * 42 * DAY_MS);
    case 'month':
    case '1m':
      return addMonths(date, direction);
    case '6m':
      return addMonths(date, 6 * direction);
    case '1y':
      return addMonths(date, 12 * direction);
    case '2y':
      return addMonths(date, 24 * direction);
    case '5y':
      return addMonths(date, 60 * direction);
  }
}

/** The window's exclusive start: items at or before it no longer count. */
export const windowStart = (period: RgPeriod, now: Date) => shift(now, period, -1);

/** When an item made at `at` stops counting in a window of `period`. */
export const leavesWindowAt = (period: RgPeriod, at: Date) => shift(at, period, 1);

export const hoursLater = (date: Date, hours: number) => new Date(date.getTime() + hours * HOUR_MS);
