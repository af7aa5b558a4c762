import { toCents } from '#core/api/money.ts';

/** Whole percent of `used` in `amount` (decimal strings), capped at 100; display only. */
export function usedPercent(used: string, amount: string): number {
  const total = toCents(amount) ?? 0n;
  if (total === 0n) return 100;
  const part = toCents(used) ?? 0n;
  return Number(((part >= total ? total : part) * 100n) / total);
}

/** Hours and minutes until `iso` (never negative), for a pending change's countdown. */
export function untilParts(iso: string, now = Date.now()): { hours: number; minutes: number } {
  const minutes = Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 60_000));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
