/**
 * Form rules shared by the site and the server, so the browser can refuse what the server would
 * refuse, with the same message. Problems are message keys of the `api` message set
 * (`errors.<key>`); each side translates them into the reader's language.
 */
import type { RegisterRequest, UserUpdateRequest } from './contract.ts';

export interface Problem {
  key: string;
  params?: Record<string, string | number>;
}
export type Problems = Record<string, Problem[]>;

export const PASSWORD_MIN_LENGTH = 8;
export const DESTINATION_MAX_LENGTH = 64;
const PASSWORD_MAX_LENGTH = 128;
const EMAIL_MAX_LENGTH = 254;
const NAME_MAX_LENGTH = 60;
/** Django's UserAttributeSimilarityValidator threshold. */
const MAX_SIMILARITY = 0.7;

const EMAIL = /^[^\s@<>"'(),;:\\]+@[^\s@<>"'(),;:\\]+\.[^\s@<>"'(),;:\\]{2,}$/;
const USERNAME = /^[\p{L}\p{N}._-]{3,30}$/u;

/** Ratcliff/Obershelp similarity in [0, 1], as Python's difflib.SequenceMatcher.ratio(). */
export function similarity(a: string, b: string): number {
  if (!a.length && !b.length) return 1;
  const matches = (x: string, y: string): number => {
    let best = 0;
    let atX = 0;
    let atY = 0;
    for (let i = 0; i < x.length; i++) {
      for (let j = 0; j < y.length; j++) {
        let k = 0;
        while (i + k < x.length && j + k < y.length && x[i + k] === y[j + k]) k++;
        if (k > best) [best, atX, atY] = [k, i, j];
      }
    }
    if (!best) return 0;
    return best + matches(x.slice(0, atX), y.slice(0, atY)) + matches(x.slice(atX + best), y.slice(atY + best));
  };
  return (2 * matches(a, b)) / (a.length + b.length);
}

/** True when the password is too close to the value or to any word of it (as Django checks). */
function tooSimilar(password: string, value: string): boolean {
  const lower = password.toLowerCase();
  const parts = [value, ...value.split(/[\W_]+/)].filter((part) => part.length >= 3);
  return parts.some((part) => similarity(lower, part.toLowerCase()) >= MAX_SIMILARITY);
}

function add(problems: Problems, field: string, problem: Problem) {
  (problems[field] ??= []).push(problem);
}

function requireText(problems: Problems, field: string, value: unknown): value is string {
  if (value === undefined || value === null || value === '') {
    add(problems, field, { key: 'required' });
    return false;
  }
  if (typeof value !== 'string') {
    add(problems, field, { key: 'not_a_string' });
    return false;
  }
  return true;
}

export function checkEmail(problems: Problems, value: unknown) {
  if (!requireText(problems, 'email', value)) return;
  if (value.length > EMAIL_MAX_LENGTH) add(problems, 'email', { key: 'too_long', params: { max: EMAIL_MAX_LENGTH } });
  else if (!EMAIL.test(value.trim())) add(problems, 'email', { key: 'email_invalid' });
}

export function checkUsername(problems: Problems, value: unknown) {
  if (requireText(problems, 'username', value) && !USERNAME.test(value)) add(problems, 'username', { key: 'username_invalid' });
}

function checkName(problems: Problems, field: string, value: unknown) {
  if (value === '') return;
  if (typeof value !== 'string') add(problems, field, { key: 'not_a_string' });
  else if (value.length > NAME_MAX_LENGTH || /[<>]/.test(value)) add(problems, field, { key: 'name_invalid' });
}

export function checkPassword(problems: Problems, password: unknown, email: unknown, username: unknown) {
  if (!requireText(problems, 'password', password)) return;
  if (password.length < PASSWORD_MIN_LENGTH) add(problems, 'password', { key: 'password_too_short', params: { min: PASSWORD_MIN_LENGTH } });
  else if (password.length > PASSWORD_MAX_LENGTH) add(problems, 'password', { key: 'too_long', params: { max: PASSWORD_MAX_LENGTH } });
  if (/^\d+$/.test(password)) add(problems, 'password', { key: 'password_numeric' });
  if (typeof username === 'string' && tooSimilar(password, username)) add(problems, 'password', { key: 'password_similar_username' });
  else if (typeof email === 'string' && tooSimilar(password, email)) add(problems, 'password', { key: 'password_similar_email' });
}

/** A withdrawal's card, account or wallet: at most 64 characters, without < or >. Answers it trimmed. */
export function checkDestination(problems: Problems, value: unknown): string {
  const destination = typeof value === 'string' ? value.trim() : '';
  if (value === undefined) add(problems, 'destination', { key: 'required' });
  else if (!destination || destination.length > DESTINATION_MAX_LENGTH || /[<>]/.test(destination)) {
    add(problems, 'destination', { key: 'destination_invalid', params: { max: DESTINATION_MAX_LENGTH } });
  }
  return destination;
}

/** Everything about a registration that can be checked without the database. */
export function checkRegistration(input: Partial<Record<keyof RegisterRequest, unknown>>): Problems {
  const problems: Problems = {};
  checkEmail(problems, input.email);
  checkUsername(problems, input.username);
  checkPassword(problems, input.password, input.email, input.username);
  if (input.ref !== undefined && input.ref !== null && input.ref !== '' && typeof input.ref !== 'string') {
    add(problems, 'ref', { key: 'not_a_string' });
  }
  return problems;
}

export function checkSignIn(input: { email?: unknown; password?: unknown }): Problems {
  const problems: Problems = {};
  requireText(problems, 'email', input.email);
  requireText(problems, 'password', input.password);
  return problems;
}

/** Profile edits: only the editable fields, each checked by its own rule. */
export function checkUserUpdate(input: UserUpdateRequest): Problems {
  const problems: Problems = {};
  if ('username' in input) checkUsername(problems, input.username);
  if ('first_name' in input) checkName(problems, 'first_name', input.first_name);
  if ('last_name' in input) checkName(problems, 'last_name', input.last_name);
  return problems;
}

export const hasProblems = (problems: Problems) => Object.keys(problems).length > 0;
