/**
 * The operator console's posted forms (`application/x-www-form-urlencoded` or multipart), as
 * Valibot schemas built from each form's field rules: text only (a file is refused), line breaks
 * normalized, trimmed, no control or bidirectional characters (line breaks only where the field is
 * a textarea), at most `max` code points, and not empty when `required`. Unknown fields are
 * ignored, as a browser posts the CSRF token and buttons beside them. Messages are the console's.
 */
import * as v from 'valibot';
import { codePointLength, hasUnsafeCharacters } from '../../../core/api/validation.ts';
import { say } from '../operator/messages.ts';

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
