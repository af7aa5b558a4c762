import type { Context } from 'hono';
import { codePointLength, hasUnsafeCharacters } from '../../../core/api/validation.ts';
import { say } from './messages.ts';

/** A refusal the console shows as a page with this status and message. */
export class ConsoleError extends Error {
  readonly status: 400 | 403 | 404 | 409 | 429;
  readonly headers: Record<string, string>;
  constructor(status: ConsoleError['status'], message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

export interface FieldRule {
  /** The field's label, for messages. */
  label: string;
  max: number;
  required?: boolean;
  /** Line breaks allowed (a textarea); every other control character is still refused. */
  multiline?: boolean;
}

/**
 * A posted form's text fields by the rules given, trimmed. Refuses (400) files, control and
 * bidirectional-override characters, and fields over their length; `required` ones may not be empty.
 */
export async function readForm<K extends string>(c: Context, rules: Record<K, FieldRule>): Promise<Record<K, string>> {
  const body = await c.req.parseBody();
  const out = {} as Record<K, string>;
  for (const [name, rule] of Object.entries(rules) as [K, FieldRule][]) {
    const raw = body[name];
    if (raw !== undefined && typeof raw !== 'string')
      throw new ConsoleError(400, say('errors.file_field', { field: rule.label }));
    const value = (raw ?? '').replace(/\r\n?/g, '\n').trim();
    if (hasUnsafeCharacters(rule.multiline ? value.replace(/\n/g, '') : value)) {
      throw new ConsoleError(400, say('errors.unsafe_characters', { field: rule.label }));
    }
    if (codePointLength(value) > rule.max)
      throw new ConsoleError(400, say('errors.too_long', { field: rule.label, max: rule.max }));
    if (rule.required && !value) throw new ConsoleError(400, say('errors.required', { field: rule.label }));
    out[name] = value;
  }
  return out;
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
