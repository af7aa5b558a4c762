/**
 * A real SMTP server in the test process (smtp-server), with each message parsed by mailparser:
 * the mailer under test talks SMTP to it exactly as to a production relay.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export async function startSmtp(port: number) {
  const received: ParsedMail[] = [];
  const waiting: { to?: string; resolve: (mail: ParsedMail) => void }[] = [];
  const recipient = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : '');
  const matches = (mail: ParsedMail, to?: string) => !to || recipient(mail).includes(to);
  /** While set, the server holds each message until it resolves (to show a request does not wait for mail). */
  let hold: Promise<void> | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then(async (mail) => {
          await hold;
          const index = waiting.findIndex((wait) => matches(mail, wait.to));
          if (index >= 0) waiting.splice(index, 1)[0]!.resolve(mail);
          else received.push(mail);
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** The next message (to `to`, if given), already received or still to come. */
    next(to?: string): Promise<ParsedMail> {
      const index = received.findIndex((mail) => matches(mail, to));
      if (index >= 0) return Promise.resolve(received.splice(index, 1)[0]!);
      return new Promise((resolve) => waiting.push({ to, resolve }));
    },
    /** Messages received and not yet taken with next(). */
    get unread() {
      return received.length;
    },
    holdUntil(release: Promise<void>) {
      hold = release;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A port for a test file's SMTP server, picked at random: the machine may run other checkouts'
 * suites at the same time, so a fixed port can be taken. Below Linux's ephemeral range
 * (32768–60999), where any outgoing connection (a PostgreSQL client, a fetch) may hold a port at
 * any moment: that made a CI run fail with EADDRINUSE.
 */
export const smtpPort = () => 20_000 + Math.floor(Math.random() * 12_000);

/**
 * One SMTP server for a test file: started before its tests, closed after the API under test has
 * sent everything (`settled`). Declare it after `useTestApi`, so it closes first.
 */
export function useSmtp(port: number, settled: () => Promise<void>) {
  let server: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    server = await startSmtp(port);
  });
  afterAll(async () => {
    await settled();
    await server?.close();
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    next: (to?: string) => server.next(to),
    get unread() {
      return server.unread;
    },
    holdUntil: (release: Promise<void>) => server.holdUntil(release),
  };
}
