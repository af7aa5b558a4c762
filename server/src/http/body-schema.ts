/**
 * Request bodies validated at the edge: `parseBody` reads the JSON object as `readJson` does (the
 * `{"e_data"}` envelope, the 64 KB limit, 415 for other media types, the control and bidirectional
 * character guard) and validates it against a Valibot schema, so a route handler only ever sees the
 * typed value. Valibot issues become the Djoser-style field errors the API has always answered
 * (`{"field": ["…"]}`, translated from the `api` message set); schemas live in `schemas/<area>.ts`.
 *
 * A schema's issue message is a problem (`{"key", "params"}`, JSON-encoded), so a refusal keeps
 * its message key and parameters through Valibot and is translated only when the answer is written.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { Problem, Problems } from '#core/api/validation.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { readJson, type JsonObject } from './body.ts';
import { detailError, fieldErrors } from './errors.ts';
import { refuseUnsafeInput } from './input-guard.ts';

/** Where a problem that belongs to no field goes (Django REST framework's name). */
const NON_FIELD = 'non_field_errors';
const ENCODED = '{"key":';

/** A problem as a Valibot issue message. */
export const problemMessage = (key: string, params?: Problem['params']): string =>
  JSON.stringify(params ? { key, params } : { key });

/** The problem an issue carries; a Valibot message of its own (a schema without ours) is "choice_invalid". */
function problemOf(issue: v.BaseIssue<unknown>): Problem {
  if (issue.message.startsWith(ENCODED)) return JSON.parse(issue.message) as Problem;
  return { key: 'choice_invalid' };
}

/** Valibot's issues as field problems, in the order they were found, under each issue's top-level key. */
export function problemsOfIssues(issues: readonly v.BaseIssue<unknown>[]): Problems {
  const problems: Problems = Object.create(null);
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    const field = typeof key === 'string' ? key : NON_FIELD;
    (problems[field] ??= []).push(problemOf(issue));
  }
  return { ...problems };
}

/** Validates an already read body: the typed value, or the 400 field errors (an `ApiError`). */
export function validateBody<TSchema extends v.GenericSchema<JsonObject, unknown>>(
  schema: TSchema,
  input: JsonObject,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw fieldErrors(problemsOfIssues(result.issues));
  return result.output;
}

/** The request's body, read at the edge and validated against `schema`: typed, or a 400 with field errors. */
export async function parseBody<TSchema extends v.GenericSchema<JsonObject, unknown>>(
  c: Context<AppEnv>,
  services: Services,
  schema: TSchema,
): Promise<v.InferOutput<TSchema>> {
  return validateBody(schema, await readJson(c, services));
}

/**
 * A whole-body schema from a rule that writes problems per field and answers the typed value:
 * the way to reuse a shared check of several fields at once (a password compared with the
 * email, a destination checked for its method), so the browser form and the server keep one rule.
 * The rule's answer is used only when it found no problem.
 */
export function bodyRule<T>(rule: (input: JsonObject, problems: Problems) => T): v.GenericSchema<JsonObject, T> {
  return v.pipe(
    v.custom<JsonObject>((input) => typeof input === 'object' && input !== null && !Array.isArray(input)),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const problems: Problems = Object.create(null);
      const output = rule(dataset.value, problems);
      const fields = Object.entries(problems);
      if (!fields.length) return output;
      for (const [field, list] of fields)
        for (const problem of list)
          addIssue({
            message: problemMessage(problem.key, problem.params),
            path: [{ type: 'object', origin: 'value', input: dataset.value, key: field, value: dataset.value[field] }],
          });
      return NEVER;
    }),
  ) as v.GenericSchema<JsonObject, T>;
}

/**
 * A field from a shared rule `(problems, field, value)` that adds its problems under `field` and
 * answers the clean value (or `value` itself, for rules that only check). Missing, `null` and `""`
 * reach the rule, which decides whether the field is required.
 */
export function fieldRule<T = string>(
  rule: (problems: Problems, field: string, value: unknown) => unknown,
): v.GenericSchema<unknown, NoInfer<T>> {
  return v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const problems: Problems = Object.create(null);
      const answer = rule(problems, '_', dataset.value);
      const found = problems._ ?? [];
      if (!found.length) return (answer === undefined || typeof answer === 'boolean' ? dataset.value : answer) as T;
      for (const problem of found) addIssue({ message: problemMessage(problem.key, problem.params) });
      return NEVER;
    }),
  ) as v.GenericSchema<unknown, T>;
}

/**
 * An object of fields: every entry is read (a missing one as `undefined`, so a field's own rule
 * says "required"), and with `unknown: 'refuse'` a field the body does not have is refused as
 * `field_unknown`, as the profile and limits forms always did; with `'ignore'` it is left out of
 * the typed value (the other routes' behaviour).
 */
export function fields<TEntries extends Record<string, v.GenericSchema<unknown, unknown>>>(
  entries: TEntries,
  { unknown }: { unknown: 'refuse' | 'ignore' },
): v.GenericSchema<JsonObject, { [K in keyof TEntries]: v.InferOutput<TEntries[K]> }> {
  type Output = { [K in keyof TEntries]: v.InferOutput<TEntries[K]> };
  return v.pipe(
    v.custom<JsonObject>((input) => typeof input === 'object' && input !== null && !Array.isArray(input)),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const input = dataset.value;
      const output: Record<string, unknown> = {};
      let refused = false;
      const report = (key: string, issues: readonly v.BaseIssue<unknown>[]) => {
        refused = true;
        for (const issue of issues)
          addIssue({
            message: issue.message,
            path: [{ type: 'object', origin: 'value', input, key, value: input[key] }],
          });
      };
      for (const [key, schema] of Object.entries(entries)) {
        const result = v.safeParse(schema, Object.hasOwn(input, key) ? input[key] : undefined);
        if (result.success) output[key] = result.output;
        else report(key, result.issues);
      }
      if (unknown === 'refuse')
        for (const key of Object.keys(input))
          if (!Object.hasOwn(entries, key))
            report(key, [{ message: problemMessage('field_unknown') } as v.BaseIssue<unknown>]);
      return refused ? NEVER : (output as Output);
    }),
  ) as v.GenericSchema<JsonObject, Output>;
}

/**
 * Form bodies (`application/x-www-form-urlencoded`, `multipart/form-data`): every value of each
 * name, in the order sent, a text or (multipart only) a file. Names never reach a prototype:
 * the object has none.
 */
export type FormValue = string | File;
export type FormFields = Record<string, FormValue[]>;
export type FormMedia = 'application/x-www-form-urlencoded' | 'multipart/form-data';
export const URLENCODED: FormMedia = 'application/x-www-form-urlencoded';
const FORM_MEDIA: readonly FormMedia[] = [URLENCODED, 'multipart/form-data'];

/** A form's values under one name (what `FormFields` holds), for a schema entry. */
export const formValues = v.array(v.union([v.string(), v.file()]));

/**
 * The request's form, read once (Hono caches it, so the console's CSRF check and its route read
 * the same parse): undefined when the body is not one of `media`, which the caller answers in its
 * own way. A form that cannot be parsed throws, as Hono's reader does. The size was capped before
 * this by a body-limit middleware.
 */
export async function readFormFields(
  c: Context,
  media: readonly FormMedia[] = FORM_MEDIA,
): Promise<FormFields | undefined> {
  const type = c.req.header('content-type')?.split(';')[0]!.trim().toLowerCase();
  if (!media.some((accepted) => accepted === type)) return undefined;
  const fields: FormFields = Object.create(null);
  for (const [name, value] of (await c.req.formData()).entries()) (fields[name] ??= []).push(value);
  return fields;
}

/**
 * The API's form bodies (the identity-document upload), read at the edge and validated against
 * `schema` (async, as a file's bytes are read to check it): typed, or an `ApiError`. A body of
 * another media type is `wrongMedia` (415), an unparsable one `unreadable` (400); then the same
 * safety net as every JSON body (no control, bidirectional or zero-width characters in a name or
 * a text value, `refuseUnsafeInput`), then the schema's field errors.
 */
export async function parseForm<TSchema extends v.GenericSchemaAsync<FormFields, unknown>>(
  c: Context<AppEnv>,
  schema: TSchema,
  { media, wrongMedia, unreadable }: { media: readonly FormMedia[]; wrongMedia: string; unreadable: string },
): Promise<v.InferOutput<TSchema>> {
  let form: FormFields | undefined;
  try {
    form = await readFormFields(c, media);
  } catch {
    throw detailError(400, unreadable);
  }
  if (!form) throw detailError(415, wrongMedia);
  // Every name, and all of its text values (a file counts as none), so a second value is checked too.
  const texts: Record<string, string> = Object.create(null);
  for (const [name, values] of Object.entries(form))
    texts[name] = values.filter((value) => typeof value === 'string').join('');
  refuseUnsafeInput(texts);
  const result = await v.safeParseAsync(schema, form);
  if (!result.success) throw fieldErrors(problemsOfIssues(result.issues));
  return result.output;
}
