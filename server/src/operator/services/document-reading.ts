import { say } from '../views/messages.ts';
import type { DocumentReading, ReadingFields, ReadingProblem } from '../document-reading-model.ts';

const NUMBER = /^[A-Z0-9-]{4,40}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A document number as compared: spaces dropped (documents print them in groups), upper case. */
export const normalizedNumber = (typed: string) => typed.replace(/\s+/g, '').toUpperCase();

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
const isDay = (value: string) => {
  const day = new Date(`${value}T00:00:00Z`);
  return DATE.test(value) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
};

/**
 * Checks what staff typed against the document rules: every field is required, the number 4–40
 * letters, digits or dashes, the dates real days, the birth not after `today` and the expiry not
 * before it (an expired document cannot be approved). `today` is the injected clock's UTC day.
 */
export function checkReading(
  fields: ReadingFields,
  today: string,
): { reading: DocumentReading; problems: [] } | { problems: ReadingProblem[] } {
  const problems: ReadingProblem[] = [];
  const label = (field: keyof ReadingFields) => say(`verifications.${field}`);
  for (const field of ['document_number', 'read_name', 'read_date_of_birth', 'expires_on'] as const)
    if (!fields[field]) problems.push({ field, message: say('errors.required', { field: label(field) }) });
  const number = normalizedNumber(fields.document_number);
  if (fields.document_number && !NUMBER.test(number))
    problems.push({ field: 'document_number', message: say('verifications.number_invalid') });
  for (const field of ['read_date_of_birth', 'expires_on'] as const)
    if (fields[field] && !isDay(fields[field]))
      problems.push({ field, message: say('verifications.date_invalid', { field: label(field) }) });
  if (isDay(fields.read_date_of_birth) && fields.read_date_of_birth > today)
    problems.push({ field: 'read_date_of_birth', message: say('verifications.birth_in_future') });
  if (isDay(fields.expires_on) && fields.expires_on < today)
    problems.push({ field: 'expires_on', message: say('verifications.expired', { date: fields.expires_on }) });
  if (problems.length) return { problems };
  return {
    reading: { number, name: fields.read_name, dateOfBirth: fields.read_date_of_birth, expiresOn: fields.expires_on },
    problems: [],
  };
}
