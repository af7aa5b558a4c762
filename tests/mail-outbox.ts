/**
 * Reading the mail a server without SMTP_URL writes to DATA_DIR/outbox/ (docs/security.md "Email"): the
 * API durability test, the browser tests and the bench read activation and reset links there,
 * exactly as a developer would.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';

export interface OutboxMail {
  subject: string;
  text: string;
  html: string;
}

/** The newest mail to `email` in any of `dirs` whose text matches `pattern`, if there is one yet. */
export async function findMail(dirs: string[], email: string, pattern?: RegExp): Promise<OutboxMail | undefined> {
  for (const dir of dirs) {
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const file of files.sort().reverse()) {
      const raw = await readFile(join(dir, file), 'utf8').catch(() => '');
      // Cheap test first: the suite's outbox holds every worker's mail.
      if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
      const mail = await simpleParser(raw);
      const to = mail.to && !Array.isArray(mail.to) ? mail.to.text.toLowerCase() : '';
      if (!to.includes(email.toLowerCase()) || (pattern && !pattern.test(mail.text ?? ''))) continue;
      return {
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: typeof mail.html === 'string' ? mail.html : '',
      };
    }
  }
  return undefined;
}

/**
 * Waits for such a mail: mail is sent after the answer, so it may not be written yet. Polls the
 * directory (a state, not a fixed delay) and fails after `timeoutMs`.
 */
export async function waitForMail(
  dirs: string[],
  email: string,
  pattern?: RegExp,
  timeoutMs = 15_000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = await findMail(dirs, email, pattern);
    if (mail) return mail;
    if (Date.now() > deadline)
      throw new Error(`no mail to ${email}${pattern ? ` matching ${pattern}` : ''} in ${dirs.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A mailed `<page>#uid=…&token=…` link (`activate` or `reset-password`) in a mail's text. */
export function mailedLink(text: string, page: 'activate' | 'reset-password') {
  const match = new RegExp(`(\\S+/${page})#uid=([\\w-]+)&token=([0-9a-f]{40})`).exec(text);
  if (!match) return undefined;
  return { url: match[0], page: match[1]!, uid: match[2]!, token: match[3]! };
}

export const ACTIVATION_LINK = /\/activate#uid=/;
