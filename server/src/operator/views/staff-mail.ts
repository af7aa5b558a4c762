import type { MailMessage } from '../../mail/mailer.ts';
import { compose } from '../../mail/messages.ts';
import { say } from './messages.ts';

/**
 * Mail to a staff member about their console account, in the console's language (English). `by`
 * is the admin who made the change, so the staff member can tell another admin when it was not
 * expected; `signIn` is the console's sign-in page on API_URL.
 */

/** The one-time password of a reset: only the account's mailbox gets it, never the resetting admin's page. */
export const staffPasswordResetMail = (to: string, password: string, by: string, signIn: string): MailMessage =>
  compose('en', to, say('staff_mail.password_subject'), [
    { text: say('staff_mail.password_body', { by }) },
    { text: say('staff_mail.password', { password }) },
    { link: signIn, label: say('staff_mail.sign_in') },
    { text: say('staff_mail.password_once') },
    { text: say('staff_mail.unexpected') },
  ]);

/** The second factor was removed: the next sign-in sets it up again. */
export const staffTwoFactorResetMail = (to: string, by: string, signIn: string): MailMessage =>
  compose('en', to, say('staff_mail.two_factor_subject'), [
    { text: say('staff_mail.two_factor_body', { by }) },
    { link: signIn, label: say('staff_mail.sign_in') },
    { text: say('staff_mail.unexpected') },
  ]);

/**
 * An invitation to the console: the link carries its token after `#`, so it never reaches a
 * server's log; it works once, until `expires`. The invitee chooses a password, then sets up two-factor.
 */
export const staffInvitationMail = (
  to: string,
  invite: { role: string; by: string; link: string; expires: string },
): MailMessage =>
  compose('en', to, say('staff_mail.invitation_subject'), [
    { text: say('staff_mail.invitation_body', { by: invite.by, role: invite.role }) },
    { link: invite.link, label: say('staff_mail.invitation_accept') },
    { text: say('staff_mail.invitation_expires', { expires: invite.expires }) },
    { text: say('staff_mail.unexpected') },
  ]);
