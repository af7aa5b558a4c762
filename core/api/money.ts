/**
 * Decimal-safe money for both the site and the server. Amounts travel as strings ("12.50") and
 * are handled here as integer cents in a BigInt, so 0.1 + 0.2 never becomes 0.30000000000000004.
 */
import type { Money } from './contract.ts';

/** Digits, optionally a dot and one or two decimals. No sign, exponent, spaces or thousands separators. */
const AMOUNT = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/** Cents of a decimal string, or undefined when it is not a plain non-negative amount with ≤ 2 decimals. */
export function toCents(value: unknown): bigint | undefined {
  if (typeof value !== 'string') return undefined;
  const match = AMOUNT.exec(value);
  if (!match) return undefined;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/**
 * What a player typed, as the API's decimal string: "25,5" (a decimal comma) becomes "25.5", and
 * a German "1.000,50" (dots grouping thousands, a decimal comma) becomes "1000.50".
 */
export const normaliseAmount = (typed: string) => {
  const trimmed = typed.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (/^\d{1,3}(\.\d{3})+,\d{1,2}$/.test(trimmed)) return trimmed.replace(/\./g, '').replace(',', '.');
  return /^\d+,\d{1,2}$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
};

/** "1234.50" from 123450n. */
export function fromCents(cents: bigint): Money {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Cents of a signed decimal string as the server sends it ("-50.00"); undefined if malformed. */
export function signedToCents(value: string): bigint | undefined {
  const negative = value.startsWith('-');
  const cents = toCents(negative ? value.slice(1) : value);
  return cents === undefined ? undefined : negative ? -cents : cents;
}

/** -1, 0 or 1, like a sort comparator. Both sides must be well-formed amounts. */
export function compareMoney(a: Money, b: Money): number {
  const left = signedToCents(a);
  const right = signedToCents(b);
  if (left === undefined || right === undefined) throw new TypeError(`Not an amount: ${left === undefined ? a : b}`);
  return left < right ? -1 : left > right ? 1 : 0;
}

export type AmountProblem = 'amount_invalid' | 'amount_too_small' | 'amount_too_large';

/**
 * Checks an amount a player typed or sent: a decimal string, positive, at most two decimals,
 * within [min, max]. Returns the normalised amount ("25" → "25.00") or the reason it was refused.
 */
export function checkAmount(value: unknown, min: Money, max: Money): { amount: Money } | { problem: AmountProblem } {
  const cents = toCents(value);
  if (cents === undefined || cents === 0n) return { problem: 'amount_invalid' };
  if (cents < toCents(min)!) return { problem: 'amount_too_small' };
  if (cents > toCents(max)!) return { problem: 'amount_too_large' };
  return { amount: fromCents(cents) };
}
