/**
 * The operator console's posted forms (`application/x-www-form-urlencoded` or multipart, read as
 * `FormFields` by `readFormFields`), as Valibot schemas built from each form's field rules: text
 * only (a file is refused), line breaks normalized, trimmed, no control or bidirectional characters
 * (line breaks only where the field is a textarea), at most `max` code points, and not empty when
 * `required`. Unknown fields are ignored, as a browser posts the CSRF token and buttons beside
 * them. A field sent twice counts by its last value, as a form field read by Hono always has.
 * Messages are the console's.
 */
import * as v from 'valibot';
import { codePointLength, hasUnsafeCharacters } from '#core/api/validation.ts';
import { formValues } from '../http/body-schema.ts';
import { say } from '../operator/views/messages.ts';

/** A field's last value sent, or undefined. */
const lastValue = v.pipe(
  v.optional(formValues, []),
  v.transform((values) => values.at(-1)),
);

export interface FieldRule {
  /** The field's label, for messages. */
  label: string;
  max: number;
  required?: boolean;
  /** Line breaks allowed (a textarea); every other control character is still refused. */
  multiline?: boolean;
}

/** One field of a console form by its rule: the clean text. */
export function formField(rule: FieldRule) {
  const field = { field: rule.label };
  return v.pipe(
    lastValue,
    v.optional(v.string(say('errors.file_field', field)), ''),
    v.transform((value) => value.replace(/\r\n?/g, '\n').trim()),
    v.check(
      (value) => !hasUnsafeCharacters(rule.multiline ? value.replace(/\n/g, '') : value),
      say('errors.unsafe_characters', field),
    ),
    v.check((value) => codePointLength(value) <= rule.max, say('errors.too_long', { ...field, max: rule.max })),
    v.check((value) => !rule.required || value !== '', say('errors.required', field)),
  );
}

/** A console form of these fields, each by its rule. */
export function formSchema<K extends string>(rules: Record<K, FieldRule>) {
  const entries = Object.fromEntries(
    (Object.entries(rules) as [K, FieldRule][]).map(([name, rule]) => [name, formField(rule)]),
  ) as Record<K, ReturnType<typeof formField>>;
  return v.object(entries);
}

/**
 * The CSRF token every console change carries as the field `csrf` (`requireCsrf` compares it with
 * the session's); missing, a file or empty fails, and the change is refused as a forged one.
 */
export const csrfForm = v.object({ csrf: v.pipe(lastValue, v.string(), v.nonEmpty()) });

/**
 * The withdrawals ticked for a bulk decision: every `id` sent, 1 to `max` of them (more is refused
 * with how many were sent), each a record id (up to 9 digits); the typed value is the distinct ids.
 */
export function bulkIdsForm(max: number) {
  const bad = say('queue.bulk_bad_ids', { max });
  return v.object({
    id: v.pipe(
      v.optional(formValues, []),
      v.transform((values) => values.map((value) => (typeof value === 'string' ? value.trim() : ''))),
      v.minLength(1, say('queue.bulk_none')),
      v.maxLength(max, (issue) => say('queue.bulk_too_many', { max, count: issue.input.length })),
      v.everyItem((value) => /^\d{1,9}$/.test(value), bad),
      v.transform((values) => [...new Set(values.map(Number))]),
    ),
  });
}
