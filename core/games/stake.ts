import { toCents } from '../api/money.ts';

/** Positive cents of a decimal string ("12.5" → 1250n), or undefined when malformed or zero. */
export function positiveCents(value: unknown): bigint | undefined {
  const cents = toCents(value);
  return cents !== undefined && cents > 0n ? cents : undefined;
}
