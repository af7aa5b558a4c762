import type { Services } from '../app-env.ts';
import { RateLimited } from '../base/domain-errors.ts';
import { countAttempt, resetCounter, uncountAttempt, type Count } from './rate-counters.ts';

/**
 * Players' sign-in counters are `login:…`; staff sign-in (the operator console) counts apart, as `operator-login:…`.
 */
export type SignInScope = 'login' | 'operator-login';
const addressKey = (address: string, scope: SignInScope = 'login') => `${scope}:${address}`;
const pairKey = (email: string, address: string, scope: SignInScope = 'login') => `${scope}:${address}:${email}`;

/**
 * Sign-in limits, counted before the password is checked (docs/security.md):
 * - LOGIN_MAX_FAILURES checks per (email, client address) per LOGIN_WINDOW_SECONDS, so a stranger
 *   who locks an email from their address does not lock its owner out of theirs;
 * - LOGIN_MAX_FAILURES_PER_ADDRESS checks per client address over all emails, so one address
 *   cannot try a password against many accounts.
 * A refused attempt is answered 429 with Retry-After and the minutes in the message.
 */
export async function admitSignIn(
  { db, config, clock }: Services,
  email: string,
  address: string,
  scope?: SignInScope,
): Promise<void> {
  const [perAddress, perPair] = await countAttempt(
    db,
    [addressKey(address, scope), pairKey(email, address, scope)],
    config.loginWindowSeconds,
    clock(),
  );
  const over = [
    perAddress!.count > config.auth.loginMaxFailuresPerAddress ? perAddress! : undefined,
    perPair!.count > config.loginMaxFailures ? perPair! : undefined,
  ].filter((count): count is Count => !!count);
  if (over.length) throw tooMany('login_locked', Math.max(...over.map((count) => count.retryAfter)));
}

/** A right password: the pair starts again from zero, and this attempt was no failure for the address. */
export async function signInSucceeded(
  { db }: Services,
  email: string,
  address: string,
  scope?: SignInScope,
): Promise<void> {
  await resetCounter(db, pairKey(email, address, scope));
  await uncountAttempt(db, addressKey(address, scope));
}

/**
 * Confirming or turning off two-factor sign-in: LOGIN_MAX_FAILURES tries per player per
 * LOGIN_WINDOW_SECONDS, so a signed-in session cannot guess codes or the password without end.
 */
export async function admitTwoFactorChange({ db, config, clock }: Services, userId: number): Promise<void> {
  const [count] = await countAttempt(db, [`two-factor:${userId}`], config.loginWindowSeconds, clock());
  if (count!.count > config.loginMaxFailures) throw tooMany('login_locked', count!.retryAfter);
}

/** A right code: the player's count starts again from zero. */
export const twoFactorChangeSucceeded = ({ db }: Services, userId: number) => resetCounter(db, `two-factor:${userId}`);

/**
 * A right password whose two-factor code has not been sent yet: no failure for the address (its
 * limit is against trying passwords over many accounts), but the pair stays counted until the
 * code comes, so codes are guessed within the same LOGIN_MAX_FAILURES.
 */
export const codeAskedFor = ({ db }: Services, address: string, scope?: SignInScope) =>
  uncountAttempt(db, addressKey(address, scope));

/**
 * Two-factor codes at sign-in, counted per player whatever the address: after
 * TWO_FACTOR_CODE_MAX_FAILURES wrong codes in TWO_FACTOR_CODE_WINDOW_SECONDS every further code is
 * refused with 429, from every address. Counted before the code is checked, in one statement, so
 * parallel guesses cannot outrun it. Answers whether this attempt is the last one allowed (a wrong
 * code then locks the account's codes, and the player is told by mail).
 */
export async function admitSignInCode({ db, config, clock }: Services, userId: number): Promise<{ last: boolean }> {
  const [count] = await countAttempt(db, [`login-code:${userId}`], config.auth.twoFactorCodeWindowSeconds, clock());
  if (count!.count > config.auth.twoFactorCodeMaxFailures) throw tooMany('login_locked', count!.retryAfter);
  return { last: count!.count === config.auth.twoFactorCodeMaxFailures };
}

/** A right code: the player's code count starts again from zero. */
export const signInCodeSucceeded = ({ db }: Services, userId: number) => resetCounter(db, `login-code:${userId}`);

/** REGISTER_MAX_PER_ADDRESS registrations per client address per REGISTER_WINDOW_SECONDS. */
export async function admitRegistration({ db, config, clock }: Services, address: string): Promise<void> {
  const [count] = await countAttempt(db, [`register:${address}`], config.auth.registerWindowSeconds, clock());
  if (count!.count > config.auth.registerMaxPerAddress) throw tooMany('register_limited', count!.retryAfter);
}

const tooMany = (key: string, retryAfter: number) =>
  new RateLimited(`auth_limits.${key}`, { minutes: Math.ceil(retryAfter / 60) }, retryAfter);

/** After a password reset: the email's sign-in lock is lifted from every address. */
export async function clearSignInLocks({ db }: Services, email: string): Promise<void> {
  await db.query("DELETE FROM rate_counters WHERE key LIKE 'login:%' AND right(key, length($1) + 1) = ':' || $1", [
    email,
  ]);
}

/** Mail a player asked for: a password-reset link, or an activation link (registration, resend). */
export type MailRequest = 'reset' | 'activation';

/**
 * Mail requests of `kind`: PASSWORD_RESET_MAX_PER_ADDRESS per client address (refused with 429;
 * registration passes no address, it has its own limit), and PASSWORD_RESET_MAX_PER_EMAIL
 * mails per email, counted whether or not the account exists. Beyond the email's limit the
 * answer stays the same and no mail is sent, so the limit tells nothing about the account and
 * nobody can flood a mailbox.
 */
export async function admitMailRequest(
  { db, config, clock }: Services,
  kind: MailRequest,
  email: string,
  address?: string,
): Promise<{ mayMail: boolean }> {
  const { resetWindowSeconds, resetMaxPerAddress, resetMaxPerEmail } = config.mail;
  if (address !== undefined) {
    const [perAddress] = await countAttempt(db, [`${kind}:${address}`], resetWindowSeconds, clock());
    if (perAddress!.count > resetMaxPerAddress) throw tooMany(`${kind}_limited`, perAddress!.retryAfter);
  }
  const [perEmail] = await countAttempt(db, [`${kind}-email:${email}`], resetWindowSeconds, clock());
  return { mayMail: perEmail!.count <= resetMaxPerEmail };
}
