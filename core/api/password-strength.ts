/**
 * How guessable a password is, by zxcvbn-ts with its common dictionaries (passwords, diceware
 * words) and keyboard layouts. Its dictionaries are about 300 KB, so only the server and the
 * sign-up action load this module; public pages never do (the browser imports it on demand).
 * zxcvbn's English feedback is not shown: its warning id is mapped to our own message keys.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { add, type Problems } from './validation.ts';

/** zxcvbn's 0–4 score: 3 means about 10^8 guesses or more ("safely unguessable" online). */
export const MIN_PASSWORD_SCORE = 3;

const REASONS: Record<string, string> = {
  topTen: 'password.common',
  topHundred: 'password.common',
  common: 'password.common',
  similarToCommon: 'password.common',
  pwned: 'password.common',
  wordByItself: 'password.word',
  namesByThemselves: 'password.word',
  commonNames: 'password.word',
  userInputs: 'password.personal',
  straightRow: 'password.keyboard',
  keyPattern: 'password.keyboard',
  simpleRepeat: 'password.repeat',
  extendedRepeat: 'password.repeat',
  sequences: 'password.sequence',
  recentYears: 'password.date',
  dates: 'password.date',
};

let factory: ZxcvbnFactory | undefined;

/** Adds one reason when the password is too easy to guess; `personal` are the email and username. */
export function checkPasswordStrength(problems: Problems, password: unknown, personal: unknown[], field = 'password') {
  if (typeof password !== 'string' || problems[field]?.length) return;
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const inputs = personal.filter((value): value is string => typeof value === 'string' && value !== '');
  const { score, feedback } = factory.check(password, inputs);
  if (score >= MIN_PASSWORD_SCORE) return;
  add(problems, field, { key: (feedback.warning && REASONS[feedback.warning]) || 'password.weak' });
}
