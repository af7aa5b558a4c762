import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../data-dir/private-files.ts';
import type { MailConfig } from './config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * Sends in the background and returns at once, so a request answers in the same time whether
   * or not it sends mail (a reset for an unknown address must not be faster). Failures are logged.
   */
  dispatch(message: MailMessage): void;
  /** Resolves when every dispatched message is sent or has failed (tests, shutdown). */
  settled(): Promise<void>;
}

/**
 * With SMTP_URL, mail goes to that server. Without it (the embedded default), each message is
 * written to DATA_DIR/outbox/ as an `.eml` file any mail program opens, and the log names the
 * file: never the link or token inside, since logs are read by more people than mailboxes.
 */
export function createMailer(
  config: Pick<MailConfig, 'smtpUrl' | 'from' | 'outboxDir'>,
  log: (line: string) => void = console.log,
): Mailer {
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  async function send(message: MailMessage): Promise<void> {
    const info = await transport.sendMail({ from: config.from, ...message });
    if (config.smtpUrl) return;
    await mkdir(config.outboxDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    const file = join(
      config.outboxDir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
    );
    await writeFile(file, (info as unknown as { message: Buffer }).message, { mode: PRIVATE_FILE_MODE });
    log(`mail: wrote ${file}`);
  }

  return {
    dispatch(message) {
      const job = send(message)
        .catch((error: unknown) =>
          log(`mail: sending failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
