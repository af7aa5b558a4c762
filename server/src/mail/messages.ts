import { LOCALE_INTL } from '../../../src/i18n/locales.mjs';
import { translate, type Locale } from '../i18n.ts';
import type { MailMessage } from './mailer.ts';

/** A paragraph of text, or a link shown as a button in HTML and as the bare URL in text. */
type Part = { text: string } | { link: string; label: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * One message in both forms. The HTML has inline styles only: no remote images, fonts or
 * tracking pixels, so opening the mail tells nobody anything.
 */
function compose(locale: Locale, to: string, subject: string, parts: Part[]): MailMessage {
  const text = parts.map((part) => ('text' in part ? part.text : part.link)).join('\n\n');
  const body = parts
    .map((part) =>
      'text' in part
        ? `<p style="margin:0 0 16px">${escapeHtml(part.text)}</p>`
        : `<p style="margin:0 0 16px"><a href="${escapeHtml(part.link)}" style="display:inline-block;padding:10px 16px;background:#b45309;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(part.label)}</a></p>` +
          `<p style="margin:0 0 16px;font-size:13px;color:#555555;word-break:break-all">${escapeHtml(part.link)}</p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1c1917;background:#ffffff">
${body}
</body></html>
`;
  return { to, subject, text: `${text}\n`, html };
}

export interface Recipient {
  email: string;
  username: string;
  locale: Locale;
}

export function passwordResetMail(player: Recipient, link: string, minutes: number): MailMessage {
  const say = (key: string, params: Record<string, string | number> = {}) => translate(player.locale, `mail.${key}`, params);
  return compose(player.locale, player.email, say('reset_subject'), [
    { text: say('greeting', { username: player.username }) },
    { text: say('reset_body') },
    { link, label: say('reset_button') },
    { text: say('reset_expiry', { minutes }) },
    { text: say('reset_ignore') },
    { text: say('signature') },
  ]);
}

/** `supportEmail`: where the player reports a change they did not make (SUPPORT_EMAIL). */
export function passwordChangedMail(player: Recipient, when: Date, supportEmail: string): MailMessage {
  const say = (key: string, params: Record<string, string | number> = {}) => translate(player.locale, `mail.${key}`, params);
  const date = new Intl.DateTimeFormat(LOCALE_INTL[player.locale], { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(when);
  return compose(player.locale, player.email, say('changed_subject'), [
    { text: say('greeting', { username: player.username }) },
    { text: say('changed_body', { date: `${date} UTC` }) },
    { text: say('changed_warning', { email: supportEmail }) },
    { text: say('signature') },
  ]);
}
