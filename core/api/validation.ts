/**
 * Form rules shared by the site and the server, so the browser can refuse what the server would
 * refuse, with the same message. Problems are message keys of the `api` message set
 * (`errors.<key>`); each side translates them into the reader's language.
 */
import type {
  ActivationRequest,
  RegisterRequest,
  ResetPasswordConfirmRequest,
  SetPasswordRequest,
  UserUpdateRequest,
} from './contract.ts';
import { isCalendarDate } from './calendar-date.ts';
import { isCountryCode } from '../geo/countries.ts';
import { checkAmount } from './money.ts';

export interface Problem {
  /** A key of the `errors` group (`required`), or a `group.name` key of its own group (`input.unsafe_characters`). */
  key: string;
  params?: Record<string, string | number>;
}
export type Problems = Record<string, Problem[]>;

/** The message key of a problem in the `api` set. */
export const messageKey = (problem: Problem): string =>
  problem.key.includes('.') ? problem.key : `errors.${problem.key}`;

/**
 * Characters no text field accepts: C0 and C1 controls (NUL breaks PostgreSQL text), bidirectional
 * embeddings, overrides, isolates and marks (they reorder what the reader sees: "\u202eNABI 1234"
 * shows as "4321 IBAN"), and zero-width characters (invisible differences between two names).
 */
const UNSAFE_TEXT = /[\u0000-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/u;

export const hasUnsafeCharacters = (value: string): boolean => UNSAFE_TEXT.test(value);

/** Length as a reader counts it: in code points, so an emoji is one character, not two UTF-16 units. */
export const codePointLength = (value: string): number => [...value].length;

/**
 * The one form of an email address that is stored and compared: NFKC, then JavaScript's lower case.
 * PostgreSQL's lower() differs from JavaScript's for letters such as "İ" and final "Σ", so the
 * database never lowercases emails itself; every lookup compares this normalized value.
 */
export const normalizeEmail = (value: string): string => value.trim().normalize('NFKC').toLowerCase();

/** Usernames are stored NFKC-normalized: fullwidth "ＡＢＣ" becomes "ABC", ligatures their letters. */
export const normalizeUsername = (value: string): string => value.normalize('NFKC');

// On its own so the history screen's date filter loads it without every other rule.
export { isCalendarDate };

export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;
const EMAIL_MAX_LENGTH = 254;
const NAME_MAX_LENGTH = 60;
/** Django's UserAttributeSimilarityValidator threshold. */
const MAX_SIMILARITY = 0.7;

/**
 * Scripts a username may combine (Unicode TS #39, "highly restrictive"): Japanese, Chinese and
 * Korean writing mix their own scripts with Latin; any other mix, such as Latin with a Cyrillic
 * "о", is refused as a lookalike. Digits and . _ - are Common and combine with anything.
 */
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Thai',
  'Lao',
  'Khmer',
  'Myanmar',
  'Ethiopic',
  'Hangul',
  'Hiragana',
  'Katakana',
  'Han',
  'Bopomofo',
].map((name) => [name, new RegExp(`^\\p{Script=${name}}$`, 'u')] as const);
const SHARED_SCRIPT = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
const SCRIPT_MIXES = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

/** Whether the username's letters and digits all come from one script, or from an allowed mix. */
export function singleScript(value: string): boolean {
  const used = new Set<string>();
  for (const char of value) {
    if (SHARED_SCRIPT.test(char)) continue;
    used.add(SCRIPTS.find(([, pattern]) => pattern.test(char))?.[0] ?? 'Other');
  }
  return used.size <= 1 || SCRIPT_MIXES.some((mix) => [...used].every((script) => mix.includes(script)));
}

const EMAIL = /^[^\s@<>"'(),;:\\]+@[^\s@<>"'(),;:\\]+\.[^\s@<>"'(),;:\\]{2,}$/;
/** Letters (with their combining marks, which Devanagari and other scripts need), digits and . _ - */
const USERNAME = /^[\p{L}\p{M}\p{N}._-]+$/u;
const USERNAME_MIN_LENGTH = 3;
const USERNAME_MAX_LENGTH = 30;

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

export function add(problems: Problems, field: string, problem: Problem) {
  (problems[field] ??= []).push(problem);
}

export function requireText(problems: Problems, field: string, value: unknown): value is string {
  if (value === undefined || value === null || value === '') {
    add(problems, field, { key: 'required' });
    return false;
  }
  if (typeof value !== 'string') {
    add(problems, field, { key: 'not_a_string' });
    return false;
  }
  if (hasUnsafeCharacters(value)) {
    add(problems, field, { key: 'input.unsafe_characters' });
    return false;
  }
  return true;
}

export function checkEmail(problems: Problems, value: unknown) {
  if (!requireText(problems, 'email', value)) return;
  const email = normalizeEmail(value);
  if (codePointLength(email) > EMAIL_MAX_LENGTH)
    add(problems, 'email', { key: 'too_long', params: { max: EMAIL_MAX_LENGTH } });
  else if (!EMAIL.test(email)) add(problems, 'email', { key: 'email_invalid' });
}

/** Checked after NFKC, as stored: "ＡＢＣ" is the username "ABC". */
export function checkUsername(problems: Problems, value: unknown) {
  if (!requireText(problems, 'username', value)) return;
  const username = normalizeUsername(value);
  const length = codePointLength(username);
  if (length < USERNAME_MIN_LENGTH || length > USERNAME_MAX_LENGTH || !USERNAME.test(username))
    add(problems, 'username', { key: 'username_invalid' });
  else if (!singleScript(username)) add(problems, 'username', { key: 'input.mixed_scripts' });
}

function checkName(problems: Problems, field: string, value: unknown) {
  if (value === '') return;
  if (typeof value !== 'string') add(problems, field, { key: 'not_a_string' });
  else if (hasUnsafeCharacters(value)) add(problems, field, { key: 'input.unsafe_characters' });
  else if (codePointLength(value) > NAME_MAX_LENGTH || /[<>]/.test(value))
    add(problems, field, { key: 'name_invalid' });
}

/**
 * Length and likeness to the email or username. How guessable the password is (common words,
 * keyboard rows, repeats) is `checkPasswordStrength` in password-strength.ts, kept apart because
 * its dictionaries are large: the browser loads them only when a password is checked.
 */
export function checkPassword(problems: Problems, password: unknown, email: unknown, username: unknown) {
  if (!requireText(problems, 'password', password)) return;
  const length = codePointLength(password);
  if (length < PASSWORD_MIN_LENGTH)
    add(problems, 'password', { key: 'password_too_short', params: { min: PASSWORD_MIN_LENGTH } });
  else if (length > PASSWORD_MAX_LENGTH)
    add(problems, 'password', { key: 'too_long', params: { max: PASSWORD_MAX_LENGTH } });
  if (/^\d+$/.test(password)) add(problems, 'password', { key: 'password_numeric' });
  if (typeof username === 'string' && tooSimilar(password, username))
    add(problems, 'password', { key: 'password_similar_username' });
  else if (typeof email === 'string' && tooSimilar(password, email))
    add(problems, 'password', { key: 'password_similar_email' });
}

/** Only adults may play (the rules, section "Who may play"). */
export const MIN_AGE = 18;
/** An older date of birth is a typing mistake, not a player. */
const MAX_AGE = 120;

/** Whole years from `dateOfBirth` (YYYY-MM-DD) to `today`, by the UTC calendar day. */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [nowYear, nowMonth, nowDay] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
  return nowYear - year - (nowMonth < month || (nowMonth === month && nowDay < day) ? 1 : 0);
}

/** A real calendar date, not in the future, of someone at least MIN_AGE years old on `today`. */
export function checkDateOfBirth(problems: Problems, value: unknown, today: Date) {
  if (!requireText(problems, 'date_of_birth', value)) return;
  const age = isCalendarDate(value) ? ageOn(value, today) : -1;
  if (age < 0 || age > MAX_AGE) add(problems, 'date_of_birth', { key: 'account.date_of_birth_invalid' });
  else if (age < MIN_AGE) add(problems, 'date_of_birth', { key: 'account.underage', params: { age: MIN_AGE } });
}

/** Everything about a registration that can be checked without the database; `today` is the server's clock. */
export function checkRegistration(
  input: Partial<Record<keyof RegisterRequest, unknown>>,
  today = new Date(),
): Problems {
  const problems: Problems = {};
  checkEmail(problems, input.email);
  checkUsername(problems, input.username);
  checkPassword(problems, input.password, input.email, input.username);
  checkDateOfBirth(problems, input.date_of_birth, today);
  if (input.accept_terms !== true) add(problems, 'accept_terms', { key: 'account.accept_terms' });
  if (input.ref !== undefined && input.ref !== null && input.ref !== '') requireText(problems, 'ref', input.ref);
  // Whether the market needs one is the server's question; a code given must be a real one.
  if (input.country !== undefined && input.country !== null && input.country !== '' && !isCountryCode(input.country))
    add(problems, 'country', { key: 'account.country_unknown' });
  checkRegistrationLimit(problems, input.deposit_limit);
  return problems;
}

/** A sign-up's deposit limit, when given: `{amount, period: "month"}` with an amount such as 500.00. */
function checkRegistrationLimit(problems: Problems, limit: unknown) {
  if (limit === undefined || limit === null) return;
  const { amount, period } = (typeof limit === 'object' && !Array.isArray(limit) ? limit : {}) as Record<
    string,
    unknown
  >;
  // The largest amount a limit column holds; a market's ceiling is the server's question.
  if (period !== 'month' || 'problem' in checkAmount(amount, '0.01', '999999999999.99'))
    add(problems, 'deposit_limit', { key: 'account.deposit_limit_invalid' });
}

export function checkSignIn(input: { email?: unknown; password?: unknown }): Problems {
  const problems: Problems = {};
  requireText(problems, 'email', input.email);
  requireText(problems, 'password', input.password);
  return problems;
}

/**
 * A new password follows the registration rules, reported under `new_password` (Djoser's field),
 * compared with the player's own email and username.
 */
export function checkNewPassword(problems: Problems, password: unknown, email?: string, username?: string) {
  const own: Problems = {};
  checkPassword(own, password, email, username);
  if (own.password) problems.new_password = own.password;
}

/** Only that each field is there: the new password's rules need the player, known once the uid is. */
export function checkResetConfirm(input: Partial<Record<keyof ResetPasswordConfirmRequest, unknown>>): Problems {
  const problems = checkActivation(input);
  requireText(problems, 'new_password', input.new_password);
  return problems;
}

/** The uid and token of a mailed link (activation; a reset adds the new password). */
export function checkActivation(input: Partial<Record<keyof ActivationRequest, unknown>>): Problems {
  const problems: Problems = {};
  requireText(problems, 'uid', input.uid);
  requireText(problems, 'token', input.token);
  return problems;
}

export function checkSetPassword(input: Partial<Record<keyof SetPasswordRequest, unknown>>): Problems {
  const problems: Problems = {};
  requireText(problems, 'current_password', input.current_password);
  requireText(problems, 'new_password', input.new_password);
  return problems;
}

/** Profile edits: only the editable fields, each checked by its own rule. */
export function checkUserUpdate(input: UserUpdateRequest): Problems {
  const problems: Problems = {};
  if ('username' in input) checkUsername(problems, input.username);
  if ('first_name' in input) checkName(problems, 'first_name', input.first_name);
  if ('last_name' in input) checkName(problems, 'last_name', input.last_name);
  if ('time_zone' in input) checkTimeZone(problems, input.time_zone);
  for (const setting of ['game_sound', 'incognito', 'marketing_consent'] as const)
    if (setting in input && typeof input[setting] !== 'boolean') problems[setting] = [{ key: 'choice_invalid' }];
  return problems;
}

/** Answers of knownTimeZone: building a DateTimeFormat costs about 0.1 ms, and `/api/user/me` asks on every read. */
const zoneNames = new Map<string, string | undefined>();
/** Enough for every zone there is; names past it (only refused ones could be new) are checked, not kept. */
const ZONE_CACHE_SIZE = 1024;

/**
 * The IANA time zone name if this runtime knows it (`Europe/Berlin`), else undefined. The pattern
 * comes first, so control, bidirectional or other odd characters never reach Intl.
 */
export function knownTimeZone(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 64 || !/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(value))
    return undefined;
  if (zoneNames.has(value)) return zoneNames.get(value);
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    name = undefined;
  }
  if (zoneNames.size < ZONE_CACHE_SIZE) zoneNames.set(value, name);
  return name;
}

/** A time zone the player picks on the profile page: text, and a zone this runtime knows. */
export function checkTimeZone(problems: Problems, value: unknown) {
  if (!requireText(problems, 'time_zone', value)) return;
  if (!knownTimeZone(value)) add(problems, 'time_zone', { key: 'time_zone_invalid' });
}

export const hasProblems = (problems: Problems) => Object.keys(problems).length > 0;
