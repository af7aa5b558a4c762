import type { Problems } from '../../src/api/validation.ts';

/**
 * A whole number from 1 to `max` in a query parameter (`page`, `page_size`): `fallback` when it is
 * absent; anything else records `number_invalid` on `field` in `problems` and answers `fallback`.
 */
export function wholeNumber(
  problems: Problems,
  field: string,
  value: string | undefined,
  fallback: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  if (/^\d{1,9}$/.test(value) && Number(value) >= 1 && Number(value) <= max) return Number(value);
  problems[field] = [{ key: 'number_invalid', params: { min: 1, max } }];
  return fallback;
}
