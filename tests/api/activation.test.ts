/**
 * No enumeration through registration: registration answers alike for new and taken
 * addresses, new accounts are activated through a mailed one-time link, and only someone with
 * the password learns that an account waits for activation.
 */
import { performance } from 'node:perf_hooks';
import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { mailedLink } from '../mail-outbox.ts';
import { ADULT, type Reply, useTestApi } from './harness.ts';
import { smtpPort, useSmtp } from './smtp.ts';
import { type Credentials, signInReply } from './fixtures/sign-in.ts';

const SMTP_PORT = smtpPort();
const SITE = 'https://play.example.test';
const TIMEOUT = 7200;
const clock = manualClock();
const ctx = useTestApi(
  { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, SITE_URL: SITE, TRUST_PROXY: '1', ACTIVATION_TIMEOUT: String(TIMEOUT) },
  { clock },
);
const smtp = useSmtp(SMTP_PORT, () => ctx.api.mailer.settled());

const PASSWORD = 'correct-horse-battery';
let address = 0;
/** Each call from its own client address: the per-address limits stay out of the way unless a test pins one. */
const from = (language = 'en', ip = `198.51.100.${++address % 250}`) => ({
  'x-forwarded-for': ip,
  'accept-language': language,
});
/** Tags of one length, so bodies (and Content-Length) of two registrations can be compared exactly. */
const tag = () => Math.random().toString(36).slice(2, 10).padEnd(8, '0');
const fresh = (prefix = 'act') => {
  const t = tag();
  return { email: `${prefix}_${t}@example.test`, username: `${prefix}_${t}`, password: PASSWORD };
};
const register = (body: Record<string, unknown>, language = 'en', ip?: string) =>
  ctx.api.request('POST', '/auth/users/', { body: { ...ADULT, ...body }, headers: from(language, ip) });
const activate = (body: Record<string, unknown>, language = 'en') =>
  ctx.api.request('POST', '/auth/users/activation/', { body, headers: from(language) });
const resend = (email: unknown, ip?: string) =>
  ctx.api.request('POST', '/auth/users/resend_activation/', { body: { email }, headers: from('en', ip) });
const signIn = (player: Credentials, language = 'en') => signInReply(ctx.api, player, from(language));
const userCount = async () => (await ctx.api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n;

function linkIn(mail: ParsedMail) {
  const link = mailedLink(mail.text ?? '', 'activate');
  expect(link, mail.text).toBeTruthy();
  return link!;
}

/** Registers in `language` and answers the player with the activation link of its mail. */
async function registered(language = 'en') {
  const player = fresh();
  expect((await register(player, language)).status).toBe(201);
  return { ...player, link: linkIn(await smtp.next(player.email)) };
}

/** A registered and activated player. */
async function activePlayer(language = 'en') {
  const player = await registered(language);
  expect((await activate({ uid: player.link.uid, token: player.link.token })).status).toBe(204);
  return player;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const shape = (reply: Reply) => ({
  status: reply.status,
  keys: Object.keys(reply.body).sort(),
  headers: [...reply.headers.keys()].sort(),
});

describe('POST /auth/users/ says nothing about existing accounts', () => {
  it('answers a new and a taken address with the same status, body, headers and timing', async () => {
    const owner = await activePlayer();
    const newTimes: number[] = [];
    const takenTimes: number[] = [];
    let newReply: Reply | undefined;
    let takenReply: Reply | undefined;
    const newEmails: string[] = [];
    // Interleaved, so a slower moment of the machine hits both alike. The first pairs warm the
    // code paths up and are not timed, and each request starts once the mail the previous one
    // queued has gone out: the timing compared is the request's own, not a neighbour's mail.
    const timed = async (body: ReturnType<typeof fresh>, times: number[], round: number) => {
      await ctx.api.mailer.settled();
      const start = performance.now();
      const reply = await register(body);
      if (round >= 3) times.push(performance.now() - start);
      return reply;
    };
    for (let i = 0; i < 12; i++) {
      const a = fresh('tim');
      newEmails.push(a.email);
      newReply = await timed(a, newTimes, i);
      // The taken address with an unused name of the same length: only the address differs in kind.
      const b = { ...fresh('tim'), email: owner.email };
      takenReply = await timed(b, takenTimes, i);
      expect(newReply.status).toBe(201);
      expect(takenReply.status, JSON.stringify(takenReply.body)).toBe(201);
      expect(newReply.body).toEqual({ email: a.email, username: a.username });
      expect(takenReply.body).toEqual({ email: owner.email, username: b.username });
    }
    expect(shape(takenReply!)).toEqual(shape(newReply!));
    for (const name of takenReply!.headers.keys()) {
      // The request id is each request's own (the request log's, echoed back).
      if (name !== 'content-length' && name !== 'x-request-id')
        expect(takenReply!.headers.get(name), name).toBe(newReply!.headers.get(name));
    }
    // Both hash the password and run one transaction; mail goes out after the answer. Generous
    // tolerance: the machine is shared, and the point is that nothing like a scrypt hash differs.
    const [n, t] = [median(newTimes), median(takenTimes)];
    expect(Math.abs(n - t), `new ${n.toFixed(1)} ms, taken ${t.toFixed(1)} ms`).toBeLessThan(
      Math.max(25, 0.5 * Math.max(n, t)),
    );
    // Each new address got its activation link; the owner got notices up to the per-address mail limit.
    await ctx.api.mailer.settled();
    for (const email of newEmails) expect((await smtp.next(email)).subject).toBe('Activate your AmberPlay account');
    for (let i = 0; i < 2; i++)
      expect((await smtp.next(owner.email)).subject).toBe(
        'Someone tried to create an AmberPlay account with your address',
      );
    expect(smtp.unread).toBe(0);
  }, 90_000); // 24 registrations, each hashing a password: past the 20 s default on a busy machine

  it('changes nothing for a taken address and mails its owner, in the owner’s language, how to sign in', async () => {
    const owner = await activePlayer('ja');
    const [before] = await ctx.api.db.query('SELECT * FROM users WHERE email = $1', [owner.email]);
    const count = await userCount();
    const attempt = { ...fresh(), email: owner.email.toUpperCase() };
    const res = await register({ ...attempt, password: 'another-horse-battery' }, 'de');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ email: owner.email, username: attempt.username });
    expect(await userCount()).toBe(count);
    expect((await ctx.api.db.query('SELECT * FROM users WHERE email = $1', [owner.email]))[0]).toEqual(before);
    const mail = await smtp.next(owner.email);
    expect(mail.subject).toBe('お客様のアドレスで AmberPlay アカウントの作成が試みられました');
    expect(mail.text).toContain(`${owner.username} 様`);
    expect(mail.text).toContain(`${SITE}/ja`);
    expect(mail.text).toContain('「パスワードをお忘れの方」');
    expect(mail.text).not.toMatch(/#uid=|token=/);
    expect(mail.html).toContain('lang="ja"');
    expect(mail.html).not.toMatch(/<img|src=|url\(|https?:\/\/(?!play\.example\.test)/i);
    // The old password still signs in; the one typed by the stranger does not.
    expect((await signIn(owner)).status).toBe(200);
    expect((await signIn({ email: owner.email, password: 'another-horse-battery' })).status).toBe(400);
  });

  it('keeps a taken username a 400: usernames are public handles', async () => {
    const owner = await activePlayer();
    const res = await register({ ...fresh(), username: owner.username.toUpperCase() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ username: ['This username is already taken.'] });
  });

  it('answers a stale ref alike for a new and a taken address', async () => {
    const owner = await activePlayer();
    const player = fresh();
    const a = await register({ ...player, ref: 'NOSUCHCODE' });
    const b = await register({ ...fresh(), email: owner.email, ref: 'NOSUCHCODE' });
    expect([a.status, a.body.ref_ignored]).toEqual([201, true]);
    expect([b.status, b.body.ref_ignored]).toEqual([201, true]);
    await ctx.api.mailer.settled();
    await smtp.next(owner.email);
    await smtp.next(player.email);
  });

  it('answers parallel registrations of one new address alike and creates one account', async () => {
    const player = fresh();
    const count = await userCount();
    const replies = await Promise.all(
      [0, 1, 2].map((i) => register({ ...player, username: `${player.username.slice(0, 12)}_${i}` })),
    );
    expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201]);
    expect(await userCount()).toBe(count + 1);
    await ctx.api.mailer.settled();
    // One activation mail for the account, and a notice for each registration that found it made.
    const subjects = await Promise.all([0, 1, 2].map(async () => (await smtp.next(player.email)).subject));
    expect(subjects.filter((subject) => subject === 'Activate your AmberPlay account')).toHaveLength(1);
  });
});

describe('the activation mail and link', () => {
  it('mails a Russian player a /ru/activate link on SITE_URL (text, HTML, nothing remote), logs no token', async () => {
    const player = fresh();
    const res = await ctx.api.request('POST', '/auth/users/', {
      body: { ...player, ...ADULT },
      headers: { ...from('ru-RU,ru;q=0.9'), host: 'evil.example' },
    });
    expect(res.status).toBe(201);
    const mail = await smtp.next(player.email);
    expect(mail.subject).toBe('Активируйте аккаунт AmberPlay');
    expect(mail.text).toContain(`Здравствуйте, ${player.username}!`);
    expect(mail.text).toContain('Ссылка работает один раз и действует 2 ч.');
    const link = linkIn(mail);
    expect(link.page).toBe(`${SITE}/ru/activate`);
    expect(link.uid).toBe(Buffer.from(String(await ctx.api.idOf(player.email))).toString('base64url'));
    expect(mail.html).toContain('lang="ru"');
    expect(mail.html).toContain(`${SITE}/ru/activate#uid=${link.uid}&amp;token=${link.token}`);
    expect(mail.html).not.toMatch(/<img|src=|url\(|https?:\/\/(?!play\.example\.test)/i);
    expect(ctx.api.logs.join('\n')).not.toContain(link.token);
    // Only the token's SHA-256 is stored.
    const stored = await ctx.api.db.query<{ key_hash: string }>(
      "SELECT key_hash FROM password_reset_tokens WHERE purpose = 'activation'",
    );
    expect(stored.map((row) => row.key_hash)).not.toContain(link.token);
  });

  it('links English players to the unprefixed page', async () => {
    expect((await registered('en')).link.page).toBe(`${SITE}/activate`);
  });

  it('activates once: 204, then the same link is Djoser’s token error', async () => {
    const player = await registered();
    expect((await activate({ uid: player.link.uid, token: player.link.token })).status).toBe(204);
    const again = await activate({ uid: player.link.uid, token: player.link.token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ token: ['Invalid token for given user.'] });
    expect((await signIn(player)).status).toBe(200);
  });

  it('lets only one of two parallel activations with one link succeed', async () => {
    const player = await registered();
    const replies = await Promise.all([0, 1].map(() => activate({ uid: player.link.uid, token: player.link.token })));
    expect(replies.map((reply) => reply.status).sort()).toEqual([204, 400]);
  });

  it('refuses a link older than ACTIVATION_TIMEOUT, and accepts one just younger', async () => {
    const old = await registered();
    clock.advance(TIMEOUT + 1);
    const expired = await activate({ uid: old.link.uid, token: old.link.token });
    expect(expired.body).toEqual({ token: ['Invalid token for given user.'] });
    expect((await signIn(old)).body).toHaveProperty('inactive_account');
    const young = await registered();
    clock.advance(TIMEOUT - 1);
    expect((await activate({ uid: young.link.uid, token: young.link.token })).status).toBe(204);
  });

  it('refuses a wrong uid or token, another player’s token and missing fields, in the request’s language', async () => {
    const a = await registered();
    const b = await registered();
    for (const uid of ['MTIzNDU2Nzg5', 'not base64!', Buffer.from('0').toString('base64url')]) {
      const res = await activate({ uid, token: a.link.token });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ uid: ["Invalid user id or user doesn't exist."] });
    }
    expect((await activate({ uid: a.link.uid, token: '0'.repeat(40) })).body).toEqual({
      token: ['Invalid token for given user.'],
    });
    expect((await activate({ uid: a.link.uid, token: b.link.token })).body).toEqual({
      token: ['Invalid token for given user.'],
    });
    expect((await activate({ uid: a.link.uid, token: b.link.token }, 'ru')).body.token[0]).toMatch(/[а-я]/i);
    const missing = await activate({});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body).sort()).toEqual(['token', 'uid']);
    expect((await activate({ uid: a.link.uid, token: `${a.link.token}\u202e` })).status).toBe(400);
    // Nothing of that activated either account.
    expect((await signIn(a)).status).toBe(400);
    expect((await activate({ uid: b.link.uid, token: b.link.token })).status).toBe(204);
  });

  it('a password reset link activates a waiting account too: it proves the mailbox is the player’s', async () => {
    const player = await registered();
    expect(
      (await ctx.api.request('POST', '/auth/users/reset_password/', { body: { email: player.email }, headers: from() }))
        .status,
    ).toBe(204);
    const reset = mailedLink((await smtp.next(player.email)).text ?? '', 'reset-password')!;
    const newPassword = 'quiet-harbour-lamp-72';
    expect(
      (
        await ctx.api.request('POST', '/auth/users/reset_password_confirm/', {
          body: { uid: reset.uid, token: reset.token, new_password: newPassword },
        })
      ).status,
    ).toBe(204);
    await smtp.next(player.email); // the "password changed" notice
    expect((await signIn({ email: player.email, password: newPassword })).status).toBe(200);
  });
});

describe('POST /auth/users/resend_activation/', () => {
  it('answers 204 for every address and mails a new link only to an account that waits for activation', async () => {
    const waiting = await registered('de');
    const active = await activePlayer();
    for (const email of [waiting.email, active.email, 'nobody-here@example.test']) {
      const res = await resend(email);
      expect(res.status).toBe(204);
      expect(res.body).toBeUndefined();
    }
    await ctx.api.mailer.settled();
    expect(smtp.unread).toBe(1);
    const mail = await smtp.next(waiting.email);
    expect(mail.subject).toBe('Aktivieren Sie Ihr AmberPlay-Konto');
    const link = linkIn(mail);
    expect(link.token).not.toBe(waiting.link.token);
    expect((await activate({ uid: link.uid, token: link.token })).status).toBe(204);
    // Activation retires every other activation link of the account.
    expect((await activate({ uid: waiting.link.uid, token: waiting.link.token })).status).toBe(400);
  });

  it('sends at most PASSWORD_RESET_MAX_PER_EMAIL mails per address (sign-up too), still answering 204', async () => {
    const player = await registered();
    for (let i = 0; i < 4; i++) expect((await resend(player.email)).status).toBe(204);
    await ctx.api.mailer.settled();
    expect(smtp.unread).toBe(2);
    for (let i = 0; i < 2; i++) await smtp.next(player.email);
  });

  it('refuses over PASSWORD_RESET_MAX_PER_ADDRESS requests per client address with 429 and Retry-After', async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => resend(`flood${i}@example.test`, '203.0.113.99')),
    );
    expect(answers.filter((res) => res.status === 204)).toHaveLength(20);
    const refused = answers.find((res) => res.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.detail).toMatch(/Too many activation requests/);
  });

  it('refuses a malformed address with 400', async () => {
    expect((await resend('not-an-email')).body).toEqual({ email: ['Enter a valid email address.'] });
    expect((await resend('a\u0000b@example.test')).status).toBe(400);
  });
});

describe('signing in before activation', () => {
  it('tells only someone with the right password that the account is not activated, in their language', async () => {
    const player = await registered();
    const right = await signIn(player, 'fr');
    expect(right.status).toBe(400);
    expect(right.body).toEqual({
      inactive_account: [
        'Votre compte n’est pas encore activé. Ouvrez le lien de l’e-mail que nous vous avons envoyé lors ' +
          'de l’inscription, ou demandez-en un nouveau.',
      ],
    });
    expect(
      await ctx.api.db.query('SELECT 1 FROM auth_tokens WHERE user_id = $1', [await ctx.api.idOf(player.email)]),
    ).toEqual([]);
    // A wrong password reads exactly like one for an active account or for no account at all.
    const wrong = await signIn({ email: player.email, password: 'wrong-password-1' });
    const active = await activePlayer();
    const wrongActive = await signIn({ email: active.email, password: 'wrong-password-1' });
    const nobody = await signIn({ email: 'nobody-at-all@example.test', password: 'wrong-password-1' });
    for (const reply of [wrong, wrongActive, nobody]) {
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
    }
  });

  it('welcomes the player at the first sign-in after activation, once', async () => {
    const player = await activePlayer();
    const first = await signIn(player);
    expect(first.body).toEqual({
      auth_token: expect.stringMatching(/^[0-9a-f]{40}$/),
      expires_at: expect.any(String),
      first_sign_in: true,
    });
    const second = await signIn(player);
    expect(second.body).toEqual({
      auth_token: expect.stringMatching(/^[0-9a-f]{40}$/),
      expires_at: expect.any(String),
    });
    const notifications = await ctx.api.request('GET', '/api/user/notification?mode=own', {
      token: first.body.auth_token,
    });
    expect(notifications.body.map((n: { title: string }) => n.title)).toContain('Welcome to AmberPlay');
  });

  it('counts accounts not made by registration (demo player, seeds, older ones) as active and not new', async () => {
    const { hashPassword } = await import('../../server/src/http/auth.ts');
    const { newReferralCode } = await import('../../server/src/services/users.ts');
    const seeded = { email: `seeded_${tag()}@example.test`, password: PASSWORD };
    // Accounts from before migration 013 were given activated_at and first_signed_in_at; seeds set them.
    const before = ctx.api.services.clock().toISOString();
    await ctx.api.db.query(
      'INSERT INTO users (email, username, password_hash, referral_code, date_joined, activated_at, ' +
        'first_signed_in_at) VALUES ($1, $2, $3, $4, $5, $5, $5)',
      [seeded.email, `seeded_${tag()}`, await hashPassword(PASSWORD), newReferralCode(), before],
    );
    const res = await signIn(seeded);
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('first_sign_in');
  });
});
