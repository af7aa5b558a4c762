import type { Problems } from '#core/api/validation.ts';

/**
 * The address of page `target` of a list: from API_URL, never from the Host header a client chose,
 * with the request's path and query, `page` replaced.
 */
export function pageLink(apiUrl: string, request: { path: string; url: string }, target: number): string {
  const url = new URL(apiUrl);
  url.pathname = request.path;
  url.search = new URL(request.url).search;
  url.searchParams.set('page', String(target));
  return url.href;
}

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
