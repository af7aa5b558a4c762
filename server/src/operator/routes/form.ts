import type { Context } from 'hono';
import { codePointLength, hasUnsafeCharacters } from '#core/api/validation.ts';
import * as v from 'valibot';
import { readFormFields } from '../../http/body-schema.ts';
import { formSchema, type FieldRule } from '../../schemas/operator-form.ts';
import { say } from '../views/messages.ts';
import { ConsoleError } from '../services/console-error.ts';
import { InvalidInput } from '../../base/domain-errors.ts';

export type { FieldRule };

/**
 * A posted console form, read at the edge (`readFormFields`; a body that is not a form is an
 * empty one) and validated against `schema`: typed, or refused (400) with the first problem found.
 */
export async function parseConsoleForm<TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
): Promise<v.InferOutput<TSchema>> {
  const result = v.safeParse(schema, (await readFormFields(c)) ?? {}, { abortEarly: true });
  if (!result.success) throw new ConsoleError(400, result.issues[0].message);
  return result.output;
}

/**
 * A posted form's text fields by the rules given (`schemas/operator-form.ts`), trimmed. Refuses
 * (400, the first problem found) files, control and bidirectional-override characters, and fields
 * over their length; `required` ones may not be empty.
 */
export async function readForm<K extends string>(c: Context, rules: Record<K, FieldRule>): Promise<Record<K, string>> {
  return (await parseConsoleForm(c, formSchema(rules))) as Record<K, string>;
}

/** A search field from the query string, by the same rules as a form's single-line field. */
export function readQuery(c: Context, name: string, rule: FieldRule): string {
  const value = (c.req.query(name) ?? '').trim();
  if (hasUnsafeCharacters(value)) throw new ConsoleError(400, say('errors.unsafe_characters', { field: rule.label }));
  if (codePointLength(value) > rule.max)
    throw new ConsoleError(400, say('errors.too_long', { field: rule.label, max: rule.max }));
  return value;
}

/** A numeric id from the path; anything else is "not found", never a database error. */
export function idParam(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new ConsoleError(404, say('errors.not_found'));
  return Number(value);
}

/** A problem of a console form, linked to its field. */
export type FormProblem = { field: string; message: string };

/**
 * A console form that creates one thing: created, back to `path?created=<id>` (303); refused field
 * by field by its service (InvalidInput), the same screen again with what was typed and the
 * problems in the console's words.
 */
export async function createdOrShownAgain(
  c: Context,
  path: string,
  create: () => Promise<number>,
  shownAgain: (problems: FormProblem[]) => Response | Promise<Response>,
  problemsOf: (error: InvalidInput) => FormProblem[],
): Promise<Response> {
  try {
    return c.redirect(`${path}?created=${await create()}`, 303);
  } catch (error) {
    if (!(error instanceof InvalidInput)) throw error;
    return shownAgain(problemsOf(error));
  }
}
