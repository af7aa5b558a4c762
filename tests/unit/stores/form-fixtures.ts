// Shared by the form stores' tests: the real English message sets, a player, and an API call
// recorder that answers what the test tells it to.
import type { User } from '#core/api/contract.ts';
import { createTranslator } from '../../../src/i18n/translator';
import api from '../../../locales/en/api.json';
import profile from '../../../locales/en/profile.json';
import auth from '../../../locales/en/auth.json';

export const translators = {
  t: createTranslator(profile, 'en', 'profile'),
  api: createTranslator(api, 'en', 'api'),
  auth: createTranslator(auth, 'en', 'auth'),
};

export const player = (overrides: Partial<User> = {}): User => ({
  id: 1,
  email: 'ana@example.com',
  username: 'ana',
  first_name: '',
  last_name: '',
  balance: '100.00',
  bonus_balance: '0.00',
  currency: 'EUR',
  loyalty: { level: 'bronze', points: 0, next_level_points: 1000 },
  referral_code: 'ABCDEFGH',
  date_joined: '2026-01-01T00:00:00.000Z',
  limits: { deposit_min: '10.00', deposit_max: '1000.00', withdrawal_min: '20.00', withdrawal_max: '500.00' },
  time_zone: null,
  country: null,
  game_sound: false,
  incognito: false,
  marketing_consent: false,
  ...overrides,
});

/** Numbered keys, so a test can tell a reused key from a new one. */
export function keySource() {
  let next = 0;
  return () => `key-${++next}`;
}

/**
 * An API call that records each call's arguments and answers from `answers` in turn (an Error is
 * thrown); `hold()` keeps the next call open until `release()`.
 */
export function recordedCall<Args extends unknown[], Result>(...answers: (Result | Error)[]) {
  const calls: Args[] = [];
  let gate: Promise<void> | undefined;
  let open = () => {};
  const call = async (...args: Args): Promise<Result> => {
    calls.push(args);
    const answer = answers.length > 1 ? answers.shift()! : answers[0];
    if (gate) await gate;
    if (answer instanceof Error) throw answer;
    return answer as Result;
  };
  return {
    call,
    calls,
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      gate = undefined;
      open();
    },
  };
}
