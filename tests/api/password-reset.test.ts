import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { ADULT, createTestApi, useTestApi } from './harness.ts';
import { smtpPort, useSmtp } from './smtp.ts';
import { mailedLink } from '../mail-outbox.ts';
import { signInReply } from './fixtures/sign-in.ts';

const SMTP_PORT = smtpPort();
const SITE = 'https://play.example.test';
const clock = manualClock();
const SUPPORT = 'help@play.example.test';
const ctx = useTestApi(
  {
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    SITE_URL: SITE,
    TRUST_PROXY: '1',
    LOGIN_MAX_FAILURES: '3',
    SUPPORT_EMAIL: SUPPORT,
  },
  { clock },
);
const smtp = useSmtp(SMTP_PORT, () => ctx.api.mailer.settled());

const NEW_PASSWORD = 'quiet-harbour-lamp-72';
let address = 0;
/** Each call from its own client address, unless a test pins one: the per-address limit stays out of the way. */
const from = (ip = `198.51.100.${++address % 250}`, language = 'en') => ({
  'x-forwarded-for': ip,
  'accept-language': language,
});
const requestReset = (email: unknown, headers: Record<string, string> = from()) =>
  ctx.api.request('POST', '/auth/users/reset_password/', { body: { email }, headers });
const confirm = (body: Record<string, unknown>, language = 'en') =>
  ctx.api.request('POST', '/auth/users/reset_password_confirm/', { body, headers: { 'accept-language': language } });
const signIn = (email: string, password: string) => signInReply(ctx.api, { email, password }, from());

/** Registers in `language` (the Accept-Language of the sign-up page) and signs in. */
async function playerIn(language: string) {
  const tag = Math.random().toString(36).slice(2, 10);
  const player = { email: `reset_${tag}@example.test`, username: `reset_${tag}`, password: 'correct-horse-battery' };
  const registered = await ctx.api.request('POST', '/auth/users/', {
    body: { ...player, ...ADULT },
    headers: from(undefined, language),
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  // Activated with the link of its mail, which is taken off the SMTP server's pile.
  const { uid, token } = mailedLink((await smtp.next(player.email)).text ?? '', 'activate')!;
  expect((await ctx.api.request('POST', '/auth/users/activation/', { body: { uid, token } })).status).toBe(204);
  const login = await ctx.api.request('POST', '/auth/token/login/', {
    body: player,
    headers: from(undefined, language),
  });
  return { ...player, id: await ctx.api.idOf(player.email), token: login.body.auth_token as string };
}

function linkIn(mail: ParsedMail) {
  const match = /(\S+reset-password)#uid=([\w-]+)&token=([0-9a-f]{40})/.exec(mail.text ?? '');
  expect(match, mail.text).toBeTruthy();
  return { page: match![1]!, uid: match![2]!, token: match![3]! };
}

async function resetMailFor(player: { email: string }) {
  expect((await requestReset(player.email)).status).toBe(204);
  return smtp.next(player.email);
}

describe('POST /auth/users/reset_password/', () => {
  it('mails a Russian player a /ru/reset-password link on SITE_URL, text and HTML without remote content', async () => {
    const player = await playerIn('ru-RU,ru;q=0.9');
    const res = await requestReset(player.email.toUpperCase(), { ...from(), host: 'evil.example' });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    const mail = await smtp.next(player.email);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain(player.email);
    expect(mail.subject).toBe('Сброс пароля AmberPlay');
    expect(mail.text).toContain(`Здравствуйте, ${player.username}!`);
    const link = linkIn(mail);
    expect(link.page).toBe(`${SITE}/ru/reset-password`);
    expect(mail.html).toContain('lang="ru"');
    expect(mail.html).toContain(`${SITE}/ru/reset-password#uid=${link.uid}&amp;token=${link.token}`);
    expect(mail.html).not.toMatch(/<img|src=|url\(|https?:\/\/(?!play\.example\.test)/i);
    expect(ctx.api.logs.join('\n')).not.toContain(link.token);
  });

  it('links English players to the unprefixed page, and follows the language of the last sign-in', async () => {
    const player = await playerIn('en');
    expect(linkIn(await resetMailFor(player)).page).toBe(`${SITE}/reset-password`);
    await ctx.api.request('POST', '/auth/token/login/', { body: player, headers: from(undefined, 'de-DE') });
    const mail = await resetMailFor(player);
    expect(mail.subject).toBe('Setzen Sie Ihr AmberPlay-Passwort zurück');
    expect(linkIn(mail).page).toBe(`${SITE}/de/reset-password`);
  });

  it('answers an unknown email exactly as a known one, sends nothing, and never waits for the mail', async () => {
    const player = await playerIn('en');
    let release!: () => void;
    smtp.holdUntil(new Promise<void>((resolve) => (release = resolve)));
    const known = await requestReset(player.email);
    const unknown = await requestReset('nobody-here@example.test');
    // The known address's mail is still held by the SMTP server, yet its answer came: same status, body and headers.
    // Every header but the request id, which is each request's own (the request log's, echoed back).
    const headers = (reply: typeof known) => [...reply.headers].filter(([name]) => name !== 'x-request-id');
    expect([known.status, known.body, headers(known)]).toEqual([unknown.status, unknown.body, headers(unknown)]);
    release();
    smtp.holdUntil(Promise.resolve());
    await ctx.api.mailer.settled();
    expect(smtp.unread).toBe(1);
    expect(linkIn(await smtp.next(player.email)).uid).toBe(Buffer.from(String(player.id)).toString('base64url'));
  });

  it.each([
    ['no email', undefined, 'This field is required.'],
    ['not an email', 'not-an-email', 'Enter a valid email address.'],
    ['a number', 42, 'Enter text here.'],
  ])('refuses %s with 400 on email', async (_name, email, message) => {
    const res = await requestReset(email);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ email: [message] });
  });

  it('refuses control characters with the localized message', async () => {
    const res = await requestReset('a\u0000b@example.test', from(undefined, 'ru'));
    expect(res.status).toBe(400);
    expect(res.body.email[0]).toMatch(/[а-я]/i);
  });

  it('sends at most PASSWORD_RESET_MAX_PER_EMAIL mails per email, still answering 204', async () => {
    const player = await playerIn('en');
    for (let i = 0; i < 5; i++) expect((await requestReset(player.email)).status).toBe(204);
    await ctx.api.mailer.settled();
    expect(smtp.unread).toBe(3);
    for (let i = 0; i < 3; i++) await smtp.next(player.email);
  });

  it('over PASSWORD_RESET_MAX_PER_ADDRESS requests per address get 429 with Retry-After, in parallel too', async () => {
    const headers = from('203.0.113.77');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => requestReset(`flood${i}@example.test`, headers)),
    );
    expect(answers.filter((res) => res.status === 204)).toHaveLength(20);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(10);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await requestReset('flood@example.test', from('203.0.113.78'))).status).toBe(204);
  });
});

describe('POST /auth/users/reset_password_confirm/', () => {
  it('sets the new password once, ends every session, and refuses the same link again', async () => {
    const player = await playerIn('en');
    const other = await signIn(player.email, player.password);
    const { uid, token } = linkIn(await resetMailFor(player));
    const hashesBefore = ctx.api.services.passwords.started;
    const res = await confirm({ uid, token, new_password: NEW_PASSWORD });
    expect(res.status).toBe(204);
    expect(ctx.api.services.passwords.started - hashesBefore).toBe(1);
    for (const token of [player.token, other.body.auth_token])
      expect((await ctx.api.request('GET', '/api/user/me', { token })).status).toBe(401);
    expect((await signIn(player.email, player.password)).status).toBe(400);
    expect((await signIn(player.email, NEW_PASSWORD)).status).toBe(200);
    const again = await confirm({ uid, token, new_password: 'another-fresh-phrase-31' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ token: ['Invalid token for given user.'] });
    const changed = await smtp.next(player.email);
    expect(changed.subject).toBe('Your AmberPlay password was changed');
    // "Contact support" names the one channel there is: SUPPORT_EMAIL.
    expect(changed.text).toContain(`and write to our support team at ${SUPPORT}.`);
    expect(changed.html).toContain(SUPPORT);
  });

  it('refuses a link older than PASSWORD_RESET_TIMEOUT (one hour), and accepts one just younger', async () => {
    const player = await playerIn('en');
    const old = linkIn(await resetMailFor(player));
    clock.advance(3600);
    const expired = await confirm({ ...old, new_password: NEW_PASSWORD }, 'ru');
    expect(expired.status).toBe(400);
    expect(Object.keys(expired.body)).toEqual(['token']);
    expect(expired.body.token[0]).toMatch(/[а-я]/i);
    const fresh = linkIn(await resetMailFor(player));
    clock.advance(3599);
    expect((await confirm({ ...fresh, new_password: NEW_PASSWORD })).status).toBe(204);
    await smtp.next(player.email);
  });

  it('lifts the sign-in lock of the email', async () => {
    const player = await playerIn('en');
    const ip = '192.0.2.40';
    for (let i = 0; i < 4; i++)
      await ctx.api.request('POST', '/auth/token/login/', {
        body: { email: player.email, password: 'wrong-guess-123' },
        headers: from(ip),
      });
    const locked = await ctx.api.request('POST', '/auth/token/login/', {
      body: { email: player.email, password: player.password },
      headers: from(ip),
    });
    expect(locked.status).toBe(429);
    const { uid, token } = linkIn(await resetMailFor(player));
    expect((await confirm({ uid, token, new_password: NEW_PASSWORD })).status).toBe(204);
    await smtp.next(player.email);
    const after = await ctx.api.request('POST', '/auth/token/login/', {
      body: { email: player.email, password: NEW_PASSWORD },
      headers: from(ip),
    });
    expect(after.status).toBe(200);
  });

  it.each([
    ['garbage', '!!!'],
    ['no such user', Buffer.from('987654').toString('base64url')],
    ['not a number', Buffer.from('abc').toString('base64url')],
  ])('refuses a uid that is %s with Djoser’s uid message', async (_name, uid) => {
    const res = await confirm({ uid, token: 'a'.repeat(40), new_password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ uid: ["Invalid user id or user doesn't exist."] });
  });

  it('refuses a wrong token, and another player’s token', async () => {
    const [me, you] = [await playerIn('en'), await playerIn('en')];
    const yours = linkIn(await resetMailFor(you));
    const uid = Buffer.from(String(me.id)).toString('base64url');
    for (const token of ['0'.repeat(40), yours.token, 'short']) {
      const res = await confirm({ uid, token, new_password: NEW_PASSWORD });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ token: ['Invalid token for given user.'] });
    }
  });

  it('applies the registration rules to new_password and keeps the link usable after a refusal', async () => {
    const player = await playerIn('en');
    const link = linkIn(await resetMailFor(player));
    for (const [password, message] of [
      ['short1', 'The password must have at least 8 characters.'],
      ['12345678901', 'The password cannot be only digits.'],
      [`${player.username}1`, 'The password is too similar to your username.'],
    ]) {
      const res = await confirm({ ...link, new_password: password });
      expect(res.status).toBe(400);
      expect(res.body.new_password).toContain(message);
    }
    const missing = await confirm({});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body).sort()).toEqual(['new_password', 'token', 'uid']);
    expect((await confirm({ ...link, new_password: NEW_PASSWORD })).status).toBe(204);
    await smtp.next(player.email);
  });
});

describe('POST /auth/users/set_password/', () => {
  const setPassword = (token: string | undefined, body: Record<string, unknown>) =>
    ctx.api.request('POST', '/auth/users/set_password/', { token, body, headers: from() });

  it('changes the password, keeps this session, ends the others, mails a notice in the player’s language', async () => {
    const player = await playerIn('ja');
    const other = (
      await ctx.api.request('POST', '/auth/token/login/', { body: player, headers: from(undefined, 'ja') })
    ).body.auth_token as string;
    const hashesBefore = ctx.api.services.passwords.started;
    const res = await setPassword(player.token, { current_password: player.password, new_password: NEW_PASSWORD });
    expect(res.status).toBe(204);
    expect(ctx.api.services.passwords.started - hashesBefore).toBe(2);
    expect((await ctx.api.request('GET', '/api/user/me', { token: player.token })).status).toBe(200);
    expect((await ctx.api.request('GET', '/api/user/me', { token: other })).status).toBe(401);
    expect((await signIn(player.email, NEW_PASSWORD)).status).toBe(200);
    const mail = await smtp.next(player.email);
    expect(mail.subject).toBe('AmberPlay のパスワードが変更されました');
    expect(mail.html).toContain('lang="ja"');
  });

  it('refuses a wrong current password with Djoser’s message, and changes nothing', async () => {
    const player = await playerIn('en');
    const res = await setPassword(player.token, { current_password: 'not-my-password-1', new_password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ current_password: ['Invalid password.'] });
    expect((await signIn(player.email, player.password)).status).toBe(200);
  });

  it('refuses a weak new password, missing fields, and a request without a session', async () => {
    const player = await playerIn('en');
    const weak = await setPassword(player.token, { current_password: player.password, new_password: 'password' });
    expect(weak.status).toBe(400);
    expect(Object.keys(weak.body)).toEqual(['new_password']);
    const missing = await setPassword(player.token, {});
    expect(Object.keys(missing.body).sort()).toEqual(['current_password', 'new_password']);
    expect(
      (await setPassword(undefined, { current_password: player.password, new_password: NEW_PASSWORD })).status,
    ).toBe(401);
    expect((await signIn(player.email, player.password)).status).toBe(200);
  });
});

describe('registration: date of birth and terms', () => {
  // The clock stands at 2026-01-15 (advanced by two hours above at most).
  const register = (extra: Record<string, unknown>) => {
    const tag = Math.random().toString(36).slice(2, 10);
    return ctx.api.request('POST', '/auth/users/', {
      body: { email: `dob_${tag}@example.test`, username: `dob_${tag}`, password: 'correct-horse-battery', ...extra },
      headers: from(),
    });
  };

  it('accepts a player who turns 18 today and refuses one who turns 18 tomorrow', async () => {
    expect((await register({ date_of_birth: '2008-01-15', accept_terms: true })).status).toBe(201);
    const minor = await register({ date_of_birth: '2008-01-16', accept_terms: true });
    expect(minor.status).toBe(400);
    expect(minor.body).toEqual({ date_of_birth: ['You must be at least 18 years old to play.'] });
  });

  it.each(['2001-02-30', '1990/01/01', '1990-1-1', 'yesterday', '2030-01-01', '1800-01-01', ''])(
    'refuses the date of birth %j',
    async (date_of_birth) => {
      const res = await register({ date_of_birth, accept_terms: true });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(['date_of_birth']);
    },
  );

  it.each([undefined, false, 'true', 1])('refuses accept_terms %j', async (accept_terms) => {
    const res = await register({ date_of_birth: '1990-04-12', accept_terms });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ accept_terms: ['Please accept the terms and rules to create an account.'] });
  });

  it('does as much password work for a taken email as for a new one, so timing does not tell them apart', async () => {
    const player = await playerIn('en');
    const before = ctx.api.services.passwords.started;
    await register({ ...ADULT });
    const fresh = ctx.api.services.passwords.started - before;
    const taken = await ctx.api.request('POST', '/auth/users/', {
      body: { email: player.email, username: 'someone_else_x', password: 'correct-horse-battery', ...ADULT },
      headers: from(),
    });
    expect(taken.status).toBe(201);
    expect(ctx.api.services.passwords.started - before - fresh).toBe(fresh);
    await ctx.api.mailer.settled();
    await smtp.next(player.email);
  });
});

describe('the outbox, without SMTP_URL', () => {
  it('writes each message as an .eml in DATA_DIR/outbox and logs one line naming it, without the link', async () => {
    const api = await createTestApi({ SITE_URL: SITE });
    try {
      const player = await api.player();
      expect((await api.request('POST', '/auth/users/reset_password/', { body: { email: player.email } })).status).toBe(
        204,
      );
      await api.mailer.settled();
      const outbox = join(api.config.dataDir, 'outbox');
      // The activation mail of the registration, then the reset mail.
      const files = (await readdir(outbox)).sort();
      expect(files).toHaveLength(2);
      for (const file of files) expect(file).toMatch(/\.eml$/);
      const mails = await Promise.all(files.map(async (file) => simpleParser(await readFile(join(outbox, file)))));
      expect(mails.map((mail) => mail.subject).sort()).toEqual([
        'Activate your AmberPlay account',
        'Reset your AmberPlay password',
      ]);
      const { token } = linkIn(mails.find((mail) => mail.subject === 'Reset your AmberPlay password')!);
      const lines = api.logs.filter((line) => line.startsWith('mail:'));
      expect(lines.sort()).toEqual(files.map((file) => `mail: wrote ${join(outbox, file)}`));
      expect(api.logs.join('\n')).not.toContain(token);
    } finally {
      await api.close();
    }
  });
});
