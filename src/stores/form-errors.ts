import { ApiError } from '../api/errors';
import { messageKey, type Problems } from '../../core/api/validation';
import type { Translate } from '../i18n/translator';

/** Translated messages per field; `form` holds those that belong to no field. */
export type FormErrors = Record<string, string[]>;

/** Client-side rule problems (message keys of the `api` set) in the reader's language. */
export const problemMessages = (problems: Problems, api: Translate<'api'>): FormErrors =>
  Object.fromEntries(
    Object.entries(problems).map(([field, list]) => [field, list.map((p) => api(messageKey(p) as never, p.params))]),
  );

/**
 * A failed API call as form errors. The server's messages are already in the page language
 * (it reads Accept-Language); DRF's `non_field_errors` and `detail` become `form`.
 */
export function serverErrors(error: unknown, fallback: { network: string; unknown: string }): FormErrors {
  if (!(error instanceof ApiError)) {
    console.error('[form] unexpected failure', error);
    return { form: [fallback.unknown] };
  }
  if (error.isNetworkError) return { form: [fallback.network] };
  const { non_field_errors, ...fields } = error.fields;
  const form = [...(non_field_errors ?? []), ...(error.detail ? [error.detail] : [])];
  const result: FormErrors = { ...fields, ...(form.length ? { form } : {}) };
  return Object.keys(result).length ? result : { form: [fallback.unknown] };
}
