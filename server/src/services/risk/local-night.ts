import { knownTimeZone } from '#core/api/validation.ts';

/**
 * The player's local day (YYYY-MM-DD) when `at` falls between 00:00 and 06:00 in `timeZone` (the
 * account's; UTC when it has none or it is not a zone this runtime knows), else null. Worked out here
 * rather than in SQL, so a zone the database's time-zone data lacks can never fail a settlement.
 */
export function localNight(at: Date, timeZone: string | null | undefined): string | null {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: knownTimeZone(timeZone) ?? 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return Number(part('hour')) < 6 ? `${part('year')}-${part('month')}-${part('day')}` : null;
}
