import { LOCALE_INTL } from '#core/i18n/locales.ts';
import { formatMoney } from '#core/i18n/money-format.ts';
import { translate, type Locale } from '../base/i18n.ts';
import type { MailMessage } from './mailer.ts';

const BODY_TAG =
  '<body style="margin:0;padding:24px;font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;' +
  'color:#1c1917;background:#ffffff">';

/** A paragraph of text, or a link shown as a button in HTML and as the bare URL in text. */
type Part = { text: string } | { link: string; label: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * One message in both forms. The HTML has inline styles only: no remote images, fonts or
 * tracking pixels, so opening the mail tells nobody anything. Exported for the console's staff
 * mail, whose texts are the console's own (English).
 */
export function compose(locale: Locale, to: string, subject: string, parts: Part[]): MailMessage {
  const text = parts.map((part) => ('text' in part ? part.text : part.link)).join('\n\n');
  const body = parts
    .map((part) =>
      'text' in part
        ? `<p style="margin:0 0 16px">${escapeHtml(part.text)}</p>`
        : `<p style="margin:0 0 16px"><a href="${escapeHtml(part.link)}" ` +
          `style="display:inline-block;padding:10px ` +
          `16px;background:#b45309;color:#ffffff;text-decoration:none;border-radius:6px">` +
          `${escapeHtml(part.label)}</a></p>` +
          `<p style="margin:0 0 16px;font-size:13px;color:#555555;word-break:break-all">${escapeHtml(part.link)}</p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
${BODY_TAG}
${body}
</body></html>
`;
  return { to, subject, text: `${text}\n`, html };
}

export interface Recipient {
  email: string;
  username: string;
  locale: Locale;
  /** IANA name; without one, dates are in UTC. */
  time_zone?: string;
}

const sayer =
  (locale: Locale) =>
  (key: string, params: Record<string, string | number> = {}) =>
    translate(locale, `mail.${key}`, params);

/**
 * "3 March 2026 at 14:05 UTC", in the player's language and, when known, their time zone (named
 * as the language names it: "15:05 MEZ").
 */
const when = (locale: Locale, date: Date, timeZone?: string) =>
  timeZone
    ? new Intl.DateTimeFormat(LOCALE_INTL[locale], {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
        timeZoneName: 'short',
      }).format(date)
    : `${new Intl.DateTimeFormat(LOCALE_INTL[locale], {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: 'UTC',
      }).format(date)} UTC`;

/** `twoFactor`: the account has two-factor sign-in on, which a reset leaves on. */
export function passwordResetMail(player: Recipient, link: string, minutes: number, twoFactor = false): MailMessage {
  const say = sayer(player.locale);
  return compose(player.locale, player.email, say('reset_subject'), [
    { text: say('greeting', { username: player.username }) },
    { text: say('reset_body') },
    { link, label: say('reset_button') },
    { text: say('reset_expiry', { minutes }) },
    ...(twoFactor ? [{ text: say('reset_two_factor') }] : []),
    { text: say('reset_ignore') },
    { text: say('signature') },
  ]);
}

/** `supportEmail`: where the player reports a change they did not make (SUPPORT_EMAIL). */
export function passwordChangedMail(player: Recipient, date: Date, supportEmail: string): MailMessage {
  const say = sayer(player.locale);
  return compose(player.locale, player.email, say('changed_subject'), [
    { text: say('greeting', { username: player.username }) },
    { text: say('changed_body', { date: when(player.locale, date, player.time_zone) }) },
    { text: say('changed_warning', { email: supportEmail }) },
    { text: say('signature') },
  ]);
}

/** The link that activates a new account (registration, or a new link asked for). */
export function activationMail(player: Recipient, link: string, hours: number): MailMessage {
  const say = sayer(player.locale);
  return compose(player.locale, player.email, say('activation_subject'), [
    { text: say('greeting', { username: player.username }) },
    { text: say('activation_body') },
    { link, label: say('activation_button') },
    { text: say('activation_expiry', { hours }) },
    { text: say('activation_ignore') },
    { text: say('signature') },
  ]);
}

/**
 * Someone registered with the address of an existing account. The answer to the registration
 * was the same as for a new address; only the mailbox's owner learns about it, here.
 * `siteUrl` is the locale's home page on SITE_URL.
 */
export function registrationAttemptMail(player: Recipient, siteUrl: string): MailMessage {
  const say = sayer(player.locale);
  return compose(player.locale, player.email, say('attempt_subject'), [
    { text: say('greeting', { username: player.username }) },
    { text: say('attempt_body') },
    { text: say('attempt_you') },
    { link: siteUrl, label: say('attempt_button') },
    { text: say('attempt_not_you') },
    { text: say('signature') },
  ]);
}

/**
 * Someone tried to register the address of a self-excluded or timed-out player:
 * the answer was the same as for any registration, and the owner learns it here, with the end date.
 */
export function blockedRegistrationMail(
  player: Recipient,
  kind: 'self_excluded' | 'time_out',
  until: Date,
): MailMessage {
  const say = sayer(player.locale);
  return compose(player.locale, player.email, say('attempt_subject'), [
    { text: say('greeting', { username: player.username }) },
    {
      text: say(kind === 'self_excluded' ? 'attempt_excluded_body' : 'attempt_time_out_body', {
        until: when(player.locale, until),
      }),
    },
    { text: say('attempt_not_you') },
    { text: say('signature') },
  ]);
}

/** Self-exclusion confirmed: until when, and what happened to the balance. */
export function selfExclusionMail(
  player: Recipient,
  until: Date,
  returned: { amount: string; method: string } | undefined,
  currency: string,
): MailMessage {
  const say = sayer(player.locale);
  return compose(player.locale, player.email, say('excluded_subject'), [
    { text: say('greeting', { username: player.username }) },
    { text: say('excluded_body', { until: when(player.locale, until) }) },
    {
      text: returned
        ? say('excluded_returned', {
            amount: formatMoney(returned.amount, currency, player.locale),
            method: translate(player.locale, `methods.${returned.method}`),
          })
        : say('excluded_nothing'),
    },
    { text: say('signature') },
  ]);
}

/** Too many wrong two-factor codes at sign-in: codes are refused for a while. */
export function codesLockedMail(player: Recipient, windowSeconds: number, supportEmail: string): MailMessage {
  const say = sayer(player.locale);
  return compose(player.locale, player.email, say('codes_locked_subject'), [
    { text: say('greeting', { username: player.username }) },
    { text: say('codes_locked_body', { minutes: Math.ceil(windowSeconds / 60) }) },
    { text: say('codes_locked_action', { email: supportEmail }) },
    { text: say('signature') },
  ]);
}

/** Two-factor sign-in was turned on or off (a security notice, like the password-changed one). */
export function twoFactorChangedMail(
  player: Recipient,
  enabled: boolean,
  date: Date,
  supportEmail: string,
): MailMessage {
  const say = sayer(player.locale);
  const state = enabled ? 'on' : 'off';
  return compose(player.locale, player.email, say(`two_factor_${state}_subject`), [
    { text: say('greeting', { username: player.username }) },
    { text: say(`two_factor_${state}_body`, { date: when(player.locale, date, player.time_zone) }) },
    { text: say('changed_warning', { email: supportEmail }) },
    { text: say('signature') },
  ]);
}

/** Staff approved a withdrawal (the operator console). */
export function withdrawalCompletedMail(player: Recipient, amount: string, currency: string): MailMessage {
  const say = sayer(player.locale);
  return compose(player.locale, player.email, say('withdrawal_completed_subject'), [
    { text: say('greeting', { username: player.username }) },
    { text: say('withdrawal_completed_body', { amount: formatMoney(amount, currency, player.locale) }) },
    { text: say('signature') },
  ]);
}

/** Staff rejected a withdrawal: the amount is back on the balance, and the reason they gave. */
export function withdrawalRejectedMail(
  player: Recipient,
  amount: string,
  currency: string,
  reason: string,
): MailMessage {
  const say = sayer(player.locale);
  return compose(player.locale, player.email, say('withdrawal_rejected_subject'), [
    { text: say('greeting', { username: player.username }) },
    { text: say('withdrawal_rejected_body', { amount: formatMoney(amount, currency, player.locale) }) },
    { text: say('withdrawal_rejected_reason', { reason }) },
    { text: say('signature') },
  ]);
}

/** What staff did to the player's account (the operator console), each a `staff_<kind>` text. */
export type StaffActionKind =
  'suspended' | 'reinstated' | 'adjusted' | 'bonus' | 'limit' | 'time_out' | 'sof_requested';

/**
 * A notice of a staff action in the player's language. `amount` (with `currency`) is formatted
 * for the locale, `until` as a date; other parameters go in as given.
 */
export function staffActionMail(
  player: Recipient,
  kind: StaffActionKind,
  params: {
    amount?: string;
    currency?: string;
    until?: Date;
    support: string;
    [name: string]: string | Date | undefined;
  },
): MailMessage {
  const say = sayer(player.locale);
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) if (typeof value === 'string') values[name] = value;
  if (params.amount && params.currency) values.amount = formatMoney(params.amount, params.currency, player.locale);
  if (params.until) values.until = when(player.locale, params.until);
  return compose(player.locale, player.email, say(`staff_${kind}_subject`), [
    { text: say('greeting', { username: player.username }) },
    { text: say(`staff_${kind}_body`, values) },
    { text: say('staff_questions', { email: params.support }) },
    { text: say('signature') },
  ]);
}

/**
 * Staff decided on the player's identity document: verified, or rejected with the reason (already in their language).
 */
export function verificationDecisionMail(
  player: Recipient,
  verified: boolean,
  reason: string | undefined,
  supportEmail: string,
): MailMessage {
  const say = sayer(player.locale);
  const outcome = verified ? 'approved' : 'rejected';
  return compose(player.locale, player.email, say(`verification_${outcome}_subject`), [
    { text: say('greeting', { username: player.username }) },
    { text: say(`verification_${outcome}_body`, { reason: reason ?? '' }) },
    { text: say('staff_questions', { email: supportEmail }) },
    { text: say('signature') },
  ]);
}

/** To the new address staff entered: the link that makes it the account's email. */
export function emailChangeConfirmMail(
  player: Recipient,
  newEmail: string,
  link: string,
  hours: number,
  supportEmail: string,
): MailMessage {
  const say = sayer(player.locale);
  return compose(player.locale, newEmail, say('staff_email_change_subject'), [
    { text: say('greeting', { username: player.username }) },
    { text: say('staff_email_change_body', { email: newEmail }) },
    { link, label: say('staff_email_change_button') },
    { text: say('staff_email_change_expiry', { hours }) },
    { text: say('staff_questions', { email: supportEmail }) },
    { text: say('signature') },
  ]);
}

/** The link that confirms a new address, mailed to that address (POST /auth/users/set_email/). */
export function emailChangeMail(player: Recipient, newEmail: string, link: string, hours: number): MailMessage {
  const say = sayer(player.locale);
  return compose(player.locale, newEmail, say('email_change_subject'), [
    { text: say('greeting', { username: player.username }) },
    { text: say('email_change_body') },
    { link, label: say('email_change_button') },
    { text: say('email_change_expiry', { hours }) },
    { text: say('email_change_ignore') },
    { text: say('signature') },
  ]);
}

/** To the old address: the change was asked for, and where to say it was not them. */
export function staffEmailChangeNoticeMail(player: Recipient, newEmail: string, supportEmail: string): MailMessage {
  const say = sayer(player.locale);
  return compose(player.locale, player.email, say('email_change_notice_subject'), [
    { text: say('greeting', { username: player.username }) },
    { text: say('email_change_notice_body', { email: newEmail, support: supportEmail }) },
    { text: say('signature') },
  ]);
}

/**
 * Mailed to a new address that already has an account: the requester got the same answer as for
 * a free address, so only the mailbox's owner learns that it is taken.
 */
export function emailChangeTakenMail(player: Recipient, newEmail: string): MailMessage {
  const say = sayer(player.locale);
  return compose(player.locale, newEmail, say('email_change_subject'), [
    { text: say('email_taken_body') },
    { text: say('signature') },
  ]);
}

/** To the current address when a change is asked for: who asked, when, and where to report it. */
export function emailChangeNoticeMail(
  player: Recipient,
  maskedNewEmail: string,
  date: Date,
  supportEmail: string,
): MailMessage {
  const say = sayer(player.locale);
  return compose(player.locale, player.email, say('email_notice_subject'), [
    { text: say('greeting', { username: player.username }) },
    { text: say('email_notice_body', { email: maskedNewEmail, date: when(player.locale, date, player.time_zone) }) },
    { text: say('changed_warning', { email: supportEmail }) },
    { text: say('signature') },
  ]);
}

/** The account was closed: what happens to the balance and the data, and when. */
export function accountClosedMail(
  player: Recipient,
  date: Date,
  days: number,
  payout: string | undefined,
): MailMessage {
  const say = sayer(player.locale);
  return compose(player.locale, player.email, say('closed_subject'), [
    { text: say('greeting', { username: player.username }) },
    { text: say('closed_body', { date: when(player.locale, date, player.time_zone) }) },
    ...(payout ? [{ text: say('closed_payout', { amount: payout }) }] : []),
    { text: say('closed_retention', { days }) },
    { text: say('signature') },
  ]);
}
