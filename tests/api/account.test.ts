import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { tidyAuthTables } from '../../server/src/services/housekeeping.ts';
import { EXPORT_SECTIONS } from '../../server/src/services/data-export.ts';
import { ADULT, balanceOf, useTestApi } from './harness.ts';
import { smtpPort, useSmtp } from './smtp.ts';
import { mailedLink } from '../mail-outbox.ts';
import { signInReply } from './fixtures/sign-in.ts';

const SMTP_PORT = smtpPort();
const SITE = 'https://play.example.test';
const SUPPORT = 'help@play.example.test';
const clock = manualClock();
const ctx = useTestApi(
  {
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    SITE_URL: SITE,
    TRUST_PROXY: '1',
    SUPPORT_EMAIL: SUPPORT,
    ACCOUNT_RETENTION_DAYS: '30',
    UNACTIVATED_ACCOUNT_DAYS: '14',
  },
  { clock },
);
const smtp = useSmtp(SMTP_PORT, () => ctx.api.mailer.settled());

let address = 0;
const from = (language = 'en') => ({ 'x-forwarded-for': `203.0.113.${++address % 250}`, 'accept-language': language });
const setEmail = (token: string, body: Record<string, unknown>, language = 'en') =>
  ctx.api.request('POST', '/auth/users/set_email/', { token, body, headers: from(language) });
const confirmEmail = (body: Record<string, unknown>, language = 'en') =>
  ctx.api.request('POST', '/auth/users/set_email_confirm/', { body, headers: from(language) });
const signIn = (email: string, password: string) => signInReply(ctx.api, { email, password }, from());
const close = (token: string, body: Record<string, unknown>, language = 'en') =>
  ctx.api.request('POST', '/api/user/close', { token, body, headers: from(language) });
const LOGIN_FAILED = { non_field_errors: ['Unable to log in with provided credentials.'] };

/** A new player whose mail language is `language` (their last sign-in's). */
async function playerIn(language: string, options: Parameters<typeof ctx.api.player>[0] = {}) {
  const player = await ctx.api.player(options);
  expect((await smtp.next(player.email)).subject).toBe('Activate your AmberPlay account');
  await ctx.api.db.query('UPDATE users SET locale = $2 WHERE id = $1', [player.id, language]);
  return player;
}

function emailLink(mail: ParsedMail) {
  const match = /(\S+confirm-email)#uid=([\w-]+)&token=([0-9a-f]{40})/.exec(mail.text ?? '');
  expect(match, mail.text).toBeTruthy();
  return { page: match![1]!, uid: match![2]!, token: match![3]! };
}

const newAddress = () => `new_${Math.random().toString(36).slice(2, 10)}@example.test`;

describe('POST /auth/users/set_email/', () => {
  it('mails a link to the new address, a notice to the old, in their language; the link changes it', async () => {
    const player = await playerIn('de');
    const target = newAddress();
    const res = await setEmail(player.token, {
      current_password: player.password,
      new_email: ` ${target.toUpperCase()} `,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(204);

    const confirmation = await smtp.next(target);
    expect(confirmation.subject).toBe('Bestätigen Sie Ihre neue E-Mail-Adresse bei AmberPlay');
    const link = emailLink(confirmation);
    expect(link.page).toBe(`${SITE}/de/confirm-email`);
    expect(confirmation.html).toContain('lang="de"');
    const notice = await smtp.next(player.email);
    expect(notice.subject).toBe('Eine Änderung Ihrer E-Mail-Adresse bei AmberPlay wurde angefordert');
    expect(notice.text).toContain(`n***@example.test`);
    expect(notice.text).not.toContain(target);
    expect(notice.text).toContain(SUPPORT);

    // Nothing changes before the link is opened.
    expect((await signIn(player.email, player.password)).status).toBe(200);
    const confirmed = await confirmEmail({ uid: link.uid, token: link.token });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toEqual({ email: target });
    expect((await signIn(target, player.password)).status).toBe(200);
    const old = await signIn(player.email, player.password);
    expect([old.status, old.body]).toEqual([400, LOGIN_FAILED]);
    expect((await ctx.api.request('GET', '/api/user/me', { token: player.token })).body.email).toBe(target);

    const again = await confirmEmail({ uid: link.uid, token: link.token }, 'de');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      token: [
        'Dieser Link ist unvollständig, bereits benutzt oder abgelaufen. Fordern Sie auf der ' +
          'Sicherheitsseite Ihres Profils einen neuen an.',
      ],
    });
  });

  it('a taken address answers as a free one: its owner is told, the old address notified, no change', async () => {
    const player = await playerIn('en');
    const other = await playerIn('en');
    const taken = await setEmail(player.token, { current_password: player.password, new_email: other.email });
    const free = await setEmail(player.token, { current_password: player.password, new_email: newAddress() });
    expect([taken.status, taken.body, taken.headers.get('content-length')]).toEqual([
      free.status,
      free.body,
      free.headers.get('content-length'),
    ]);
    const toOwner = await smtp.next(other.email);
    expect(toOwner.text).toContain('an account already uses it, so nothing was changed');
    expect(toOwner.text).not.toMatch(/confirm-email#/);
    await smtp.next(player.email);
    await smtp.next(player.email);
    await smtp.next(); // the free address's link
    expect(smtp.unread).toBe(0);
    expect((await ctx.api.request('GET', '/api/user/me', { token: player.token })).body.email).toBe(player.email);
  });

  it('refuses a wrong password, a bad or same address, no sign-in; a link expires, works once', async () => {
    const player = await playerIn('en');
    expect(
      (await setEmail(player.token, { current_password: 'wrong-password-1', new_email: newAddress() })).body,
    ).toEqual({ current_password: ['Invalid password.'] });
    expect(
      (await setEmail(player.token, { current_password: player.password, new_email: 'not-an-address' })).body,
    ).toEqual({ new_email: ['Enter a valid email address.'] });
    expect((await setEmail(player.token, { new_email: newAddress() })).body).toEqual({
      current_password: ['This field is required.'],
    });
    expect(
      (await setEmail(player.token, { current_password: player.password, new_email: player.email.toUpperCase() })).body,
    ).toEqual({
      new_email: ['This is already your email address.'],
    });
    expect(
      (
        await ctx.api.request('POST', '/auth/users/set_email/', {
          body: { current_password: player.password, new_email: newAddress() },
        })
      ).status,
    ).toBe(401);
    expect(smtp.unread).toBe(0);

    const first = newAddress();
    await setEmail(player.token, { current_password: player.password, new_email: first });
    const expired = emailLink(await smtp.next(first));
    await smtp.next(player.email);
    clock.advance(86_400);
    expect((await confirmEmail({ uid: expired.uid, token: expired.token })).status).toBe(400);

    const second = newAddress();
    await setEmail(player.token, { current_password: player.password, new_email: second });
    const link = emailLink(await smtp.next(second));
    await smtp.next(player.email);
    const replies = await Promise.all([
      confirmEmail({ uid: link.uid, token: link.token }),
      confirmEmail({ uid: link.uid, token: link.token }),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400]);
    expect((await confirmEmail({ uid: link.uid, token: 'f'.repeat(40) })).status).toBe(400);
    expect((await confirmEmail({ uid: 'nope', token: link.token })).body).toEqual({
      uid: ["Invalid user id or user doesn't exist."],
    });
  });
});

describe('GET /api/user/export', () => {
  async function exportOf(token: string) {
    const response = await ctx.api.app.request('/api/user/export', { headers: { authorization: `Token ${token}` } });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let chunks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      text += decoder.decode(value, { stream: true });
    }
    return { response, text, chunks, data: JSON.parse(text) };
  }

  it("answers a JSON attachment, not stored, with every section and only this player's data", async () => {
    const player = await playerIn('en', { balance: '80.00', verified: true });
    const other = await playerIn('en', { balance: '55.55', verified: true });
    for (const who of [player, other]) {
      const res = await ctx.api.request('POST', '/api/user/withdrawal', {
        token: who.token,
        body: {
          amount: who === player ? '20.00' : '33.33',
          method: 'bank_transfer',
          destination: 'DE89370400440532013000',
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const limits = await ctx.api.request('PATCH', '/api/user/responsible-gaming', {
        token: who.token,
        body: { deposit_limits: { day: who === player ? '100.00' : '77.00' } },
      });
      expect(limits.status).toBe(200);
    }
    const { response, data, text } = await exportOf(player.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="amberplay-data-${clock().toISOString().slice(0, 10)}.json"`,
    );
    expect(data.exported_at).toBe(clock().toISOString());
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(data)).toEqual(['format_version', 'exported_at', ...EXPORT_SECTIONS]);
    expect(data.profile).toMatchObject({
      id: player.id,
      email: player.email,
      username: player.username,
      balance: '60.00',
      date_of_birth: ADULT.date_of_birth,
    });
    expect(data.consents.adult_confirmed).toBe(true);
    expect(data.withdrawals).toEqual([
      expect.objectContaining({ amount: '20.00', status: 'pending', method: 'bank_transfer' }),
    ]);
    expect(data.sessions).toHaveLength(1);
    expect(data.sessions[0]).not.toHaveProperty('key_hash');
    expect(data.ledger.map((row: { amount: string }) => row.amount)).toEqual(['80.00', '-20.00']);
    expect(data.notifications.map((row: { template: string }) => row.template)).toContain('withdrawal');
    expect(Array.isArray(data.game_rounds)).toBe(true);
    for (const section of ['payments', 'verifications', 'transactions'])
      expect(Array.isArray(data[section]), section).toBe(true);
    expect(data.limits.limits).toEqual([
      { kind: 'deposit', period: 'day', amount: '100.00', pending_amount: null, pending_at: null },
    ]);
    expect(data.bonuses).toHaveProperty('history');
    // Nothing of the other player: their address, name, amounts or ids.
    for (const value of [other.email, other.username, '55.55', '33.33', '77.00']) expect(text).not.toContain(value);
    expect(JSON.stringify(data.ledger)).not.toContain(`"user_id"`);
  });

  it('streams a long history in pieces, every row once and in order', async () => {
    const player = await playerIn('en');
    await ctx.api.db.query(
      `INSERT INTO transactions (user_id, type, amount, status, template, params, created_at)
       SELECT $1, 'game', 0, 'completed', 'game', '{}'::jsonb, now() FROM generate_series(1, 1234)`,
      [player.id],
    );
    await ctx.api.db.query(
      `INSERT INTO game_rounds (id, user_id, player, game_id, mode, nonce, client_seed, server_seed_hash, bet, outcome,
        stake, win, currency, created_at)
       SELECT 'r' || $1 || '-' || n, $1::int, 'x', (SELECT id FROM games LIMIT 1), 'real', n, 'seed', 'hash',
       '{}'::jsonb, '{}'::jsonb, 1, 0, 'EUR',
              $2::timestamptz + make_interval(secs => n % 700)
       FROM generate_series(1, 1100) AS n`,
      [player.id, clock().toISOString()],
    );
    const { data, chunks } = await exportOf(player.token);
    expect(chunks).toBeGreaterThan(3);
    expect(data.transactions).toHaveLength(1234);
    expect(new Set(data.transactions.map((row: { id: number }) => row.id)).size).toBe(1234);
    expect(data.game_rounds).toHaveLength(1100);
    expect(new Set(data.game_rounds.map((row: { id: string }) => row.id)).size).toBe(1100);
    const times = data.game_rounds.map((row: { created_at: string }) => Date.parse(row.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('needs a sign-in', async () => {
    expect((await ctx.api.request('GET', '/api/user/export')).status).toBe(401);
  });
});

describe('POST /api/user/close', () => {
  it('closing without balance: sessions end, sign-in and reset answer as unknown, the address stays', async () => {
    const player = await playerIn('ja');
    const launched = await ctx.api.request('POST', '/gmnggate/api', {
      token: player.token,
      body: { method: 'game_launch', game_id: 'amber-fortune', mode: 'real' },
    });
    expect(launched.status).toBe(200);
    expect((await close(player.token, { password: 'wrong-password-1' })).body).toEqual({
      password: ['Invalid password.'],
    });
    expect((await close(player.token, { password: player.password, reason: 'x'.repeat(501) })).status).toBe(400);

    const res = await close(player.token, { password: player.password, reason: 'I play too much elsewhere' });
    expect([res.status, res.body]).toEqual([200, { closed: true, payout: null }]);
    const mail = await smtp.next(player.email);
    expect(mail.subject).toBe('AmberPlay のアカウントを閉鎖しました');
    expect(mail.text).toContain('30');
    expect((await ctx.api.request('GET', '/api/user/me', { token: player.token })).status).toBe(401);
    const round = await ctx.api.request('POST', `/demo-games/api/sessions/${launched.body.session_id}/rounds`, {
      body: { bet: { type: 'slot', amount: '1.00' } },
      encrypt: false,
    });
    expect(round.status).toBe(410);

    const known = await signIn(player.email, player.password);
    const unknown = await signIn('nobody-at-all@example.test', player.password);
    expect([known.status, known.body]).toEqual([unknown.status, unknown.body]);
    expect(known.body).toEqual(LOGIN_FAILED);
    expect(
      (await ctx.api.request('POST', '/auth/users/reset_password/', { body: { email: player.email }, headers: from() }))
        .status,
    ).toBe(204);

    // Registering the address again answers like any sign-up, and makes nothing until retention ends.
    const again = await ctx.api.request('POST', '/auth/users/', {
      body: { ...ADULT, email: player.email, username: `again_${player.id}`, password: 'correct-horse-battery' },
      headers: from(),
    });
    expect(again.status).toBe(201);
    expect(
      (await ctx.api.db.query('SELECT id FROM users WHERE lower(email) = lower($1)', [player.email])).map(
        (row) => row.id,
      ),
    ).toEqual([player.id]);
    await ctx.api.mailer.settled();
    expect(smtp.unread).toBe(0);

    // After ACCOUNT_RETENTION_DAYS the personal data goes, the records stay, the address is free.
    clock.advance(29 * 86_400);
    await tidyAuthTables(ctx.api.services);
    expect(
      (await ctx.api.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [player.id]))[0]!.email,
    ).toBe(player.email);
    clock.advance(2 * 86_400);
    await tidyAuthTables(ctx.api.services);
    const [erased] = await ctx.api.db.query<Record<string, unknown>>(
      'SELECT email, username, first_name, date_of_birth, password_hash, erased_at IS NOT NULL AS erased ' +
        'FROM users WHERE id = $1',
      [player.id],
    );
    expect(erased).toEqual({
      email: `closed-${player.id}@closed.invalid`,
      username: `closed-${player.id}`,
      first_name: '',
      date_of_birth: null,
      password_hash: '!',
      erased: true,
    });
    expect((await ctx.api.db.query('SELECT 1 FROM game_sessions WHERE user_id = $1', [player.id])).length).toBe(1);
    const reborn = await ctx.api.request('POST', '/auth/users/', {
      body: { ...ADULT, email: player.email, username: `reborn_${player.id}`, password: 'correct-horse-battery' },
      headers: from(),
    });
    expect(reborn.status).toBe(201);
    expect((await ctx.api.db.query('SELECT id FROM users WHERE lower(email) = lower($1)', [player.email])).length).toBe(
      1,
    );
    expect((await smtp.next(player.email)).subject).toBe('Activate your AmberPlay account');
  });

  it('pays the balance out as a pending withdrawal; unverified with money must verify; bonus forfeited', async () => {
    const unverified = await playerIn('en', { balance: '12.34' });
    const refused = await close(unverified.token, {
      password: unverified.password,
      method: 'card',
      destination: '4111111111111111',
    });
    expect([refused.status, refused.body]).toEqual([
      409,
      {
        detail:
          'Your balance of €12.34 must be paid out before the account closes, and money is paid out only ' +
          'once your identity is verified. Send an identity document on your profile page first.',
      },
    ]);
    expect((await ctx.api.request('GET', '/api/user/me', { token: unverified.token })).status).toBe(200);

    const player = await playerIn('en', { balance: '42.50', verified: true });
    await ctx.api.db.query('UPDATE users SET bonus_balance = 5 WHERE id = $1', [player.id]);
    await ctx.api.db.query("INSERT INTO ledger (user_id, account, amount, created_at) VALUES ($1, 'bonus', 5, $2)", [
      player.id,
      ctx.api.services.clock().toISOString(),
    ]);
    const noMethod = await close(player.token, { password: player.password });
    expect([noMethod.status, noMethod.body]).toEqual([
      400,
      { method: ['Your balance of €42.50 is paid out when the account closes: choose a method and where to send it.'] },
    ]);
    expect((await close(player.token, { password: player.password, method: 'card', destination: '1234' })).status).toBe(
      400,
    );
    const res = await close(player.token, {
      password: player.password,
      method: 'bank_transfer',
      destination: 'DE89370400440532013000',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ closed: true, payout: { id: expect.any(Number), amount: '42.50', currency: 'EUR' } });
    const [row] = await ctx.api.db.query<{ balance: string; bonus_balance: string }>(
      'SELECT balance::text, bonus_balance::text FROM users WHERE id = $1',
      [player.id],
    );
    expect(row).toEqual({ balance: '0.00', bonus_balance: '0.00' });
    const [payout] = await ctx.api.db.query<Record<string, unknown>>(
      'SELECT amount::text, status, type FROM transactions WHERE id = $1',
      [res.body.payout.id],
    );
    expect(payout).toEqual({ amount: '-42.50', status: 'pending', type: 'withdrawal' });
    expect((await smtp.next(player.email)).text).toContain('Your balance of €42.50 is being paid out as a withdrawal.');
  });

  it('never pays a balance twice when closure and withdrawals run in parallel', async () => {
    for (let round = 0; round < 4; round += 1) {
      const player = await playerIn('en', { balance: '100.00', verified: true });
      const withdraw = (amount: string) =>
        ctx.api.request('POST', '/api/user/withdrawal', {
          token: player.token,
          body: { amount, method: 'bank_transfer', destination: 'DE89370400440532013000' },
        });
      const closing = close(player.token, {
        password: player.password,
        method: 'bank_transfer',
        destination: 'DE89370400440532013000',
      });
      const replies = await Promise.all(
        round % 2 ? [withdraw('60.00'), closing, withdraw('30.00')] : [closing, withdraw('60.00'), withdraw('30.00')],
      );
      const closed = replies.find((reply) => reply.body?.closed);
      expect(closed?.status, JSON.stringify(replies.map((reply) => reply.body))).toBe(200);
      const [sum] = await ctx.api.db.query<{ total: string; n: number }>(
        'SELECT (-sum(amount))::text AS total, count(*)::int AS n FROM transactions WHERE user_id = $1 AND ' +
          "type = 'withdrawal'",
        [player.id],
      );
      expect(sum!.total).toBe('100.00');
      expect(await balanceOf(ctx.api, player.id)).toBe('0.00');
      // Each withdrawal either reserved its amount before the closure or was refused (the token
      // is gone, or the account is closed, or nothing is left).
      for (const reply of replies.filter((reply) => reply !== closed)) expect([201, 400, 401]).toContain(reply.status);
    }
  });
});

describe('housekeeping of accounts never activated', () => {
  it('deletes an account never activated after UNACTIVATED_ACCOUNT_DAYS, and keeps activated ones', async () => {
    const tag = Math.random().toString(36).slice(2, 10);
    const email = `never_${tag}@example.test`;
    expect(
      (
        await ctx.api.request('POST', '/auth/users/', {
          body: { ...ADULT, email, username: `never_${tag}`, password: 'correct-horse-battery' },
          headers: from(),
        })
      ).status,
    ).toBe(201);
    await smtp.next(email);
    const active = await playerIn('en');
    clock.advance(13 * 86_400);
    await tidyAuthTables(ctx.api.services);
    expect((await ctx.api.db.query('SELECT 1 FROM users WHERE email = $1', [email])).length).toBe(1);
    clock.advance(2 * 86_400);
    await tidyAuthTables(ctx.api.services);
    expect((await ctx.api.db.query('SELECT 1 FROM users WHERE email = $1', [email])).length).toBe(0);
    expect((await ctx.api.db.query('SELECT 1 FROM users WHERE id = $1', [active.id])).length).toBe(1);
  });
});

describe('referral statistics', () => {
  it('counts an invited player only once their account is activated', async () => {
    const referrer = await playerIn('en');
    const [row] = await ctx.api.db.query<{ referral_code: string }>('SELECT referral_code FROM users WHERE id = $1', [
      referrer.id,
    ]);
    const referral_code = row!.referral_code;
    const tag = Math.random().toString(36).slice(2, 10);
    const email = `invited_${tag}@example.test`;
    expect(
      (
        await ctx.api.request('POST', '/auth/users/', {
          body: { ...ADULT, email, username: `invited_${tag}`, password: 'correct-horse-battery', ref: referral_code },
          headers: from(),
        })
      ).status,
    ).toBe(201);
    const stats = () => ctx.api.request('GET', '/api/user/referral-stats', { token: referrer.token });
    expect((await stats()).body).toMatchObject({ invited: 0, active: 0 });
    const { uid, token } = mailedLink((await smtp.next(email)).text ?? '', 'activate')!;
    expect((await ctx.api.request('POST', '/auth/users/activation/', { body: { uid, token } })).status).toBe(204);
    expect((await stats()).body).toMatchObject({ invited: 1, active: 0 });
  });
});

describe('withdrawal while the identity document is under review', () => {
  it('refuses with the same words as the page: the document is being reviewed', async () => {
    const player = await playerIn('de', { balance: '50.00' });
    await ctx.api.db.query(
      `INSERT INTO identity_verifications (id, user_id, document_type, status, submitted_at) VALUES ` +
        `(gen_random_uuid(), $1, 'passport', 'pending', now())`,
      [player.id],
    );
    const res = await ctx.api.request('POST', '/api/user/withdrawal', {
      token: player.token,
      body: { amount: '20.00', method: 'bank_transfer', destination: 'DE89370400440532013000' },
      headers: { 'accept-language': 'de' },
    });
    expect([res.status, res.body]).toEqual([
      400,
      {
        detail:
          'Ihr Dokument wird geprüft. Sie können eine Auszahlung beantragen, sobald Ihre Identität bestätigt ist.',
      },
    ]);
    expect(await balanceOf(ctx.api, player.id)).toBe('50.00');
  });
});

describe("mail dates in the player's time zone", () => {
  it('stores the sign-up time zone and writes the password-changed time in it; an unknown one means UTC', async () => {
    const tag = Math.random().toString(36).slice(2, 10);
    const player = { email: `tz_${tag}@example.test`, username: `tz_${tag}`, password: 'correct-horse-battery' };
    await ctx.api.request('POST', '/auth/users/', {
      body: { ...ADULT, ...player, time_zone: 'Asia/Kolkata' },
      headers: from('hi'),
    });
    await smtp.next(player.email);
    await ctx.api.activate(player.email);
    const login = await ctx.api.request('POST', '/auth/token/login/', { body: player, headers: from('hi') });
    const changed = await ctx.api.request('POST', '/auth/users/set_password/', {
      token: login.body.auth_token,
      body: { current_password: player.password, new_password: 'quiet-harbour-lamp-72' },
      headers: from('hi'),
    });
    expect(changed.status).toBe(204);
    const mail = await smtp.next(player.email);
    const expected = new Intl.DateTimeFormat('hi-IN', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'Asia/Kolkata',
      timeZoneName: 'short',
    }).format(clock());
    expect(mail.text).toContain(expected);
    expect(expected).toContain('IST');

    const other = { email: `tz2_${tag}@example.test`, username: `tz2_${tag}`, password: 'correct-horse-battery' };
    await ctx.api.request('POST', '/auth/users/', {
      body: { ...ADULT, ...other, time_zone: 'Mars/Olympus_Mons' },
      headers: from(),
    });
    await smtp.next(other.email);
    const [row] = await ctx.api.db.query<{ time_zone: string | null }>('SELECT time_zone FROM users WHERE email = $1', [
      other.email,
    ]);
    expect(row!.time_zone).toBeNull();
  });

  it('PATCH /api/user/update: next mail in the new zone; a refused one changes nothing', async () => {
    const update = (token: string, body: Record<string, unknown>, language = 'en') =>
      ctx.api.request('PATCH', '/api/user/update', { token, body, headers: from(language) });
    const zoneOf = async (token: string) =>
      (await ctx.api.request('GET', '/api/user/me', { token })).body.time_zone as string | null;
    const storedZone = async (id: number) =>
      (await ctx.api.db.query<{ time_zone: string | null }>('SELECT time_zone FROM users WHERE id = $1', [id]))[0]!
        .time_zone;
    const changePassword = async (player: { token: string; password: string }) => {
      const res = await ctx.api.request('POST', '/auth/users/set_password/', {
        token: player.token,
        body: { current_password: player.password, new_password: 'quiet-harbour-lamp-72' },
        headers: from(),
      });
      expect(res.status).toBe(204);
    };
    const changedLine = (timeZone: string) =>
      `The password of your AmberPlay account was changed on ${new Intl.DateTimeFormat('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
        timeZoneName: 'short',
      }).format(clock())}. Other devices signed in to your account were signed out.`;

    const player = await playerIn('en');
    const other = await playerIn('en');
    expect(await zoneOf(player.token)).toBeNull();
    const berlin = await update(other.token, { time_zone: 'Europe/Berlin' });
    expect([berlin.status, berlin.body.time_zone]).toEqual([200, 'Europe/Berlin']);

    // Stored as the runtime names the zone (case as in the tz database), answered at once and by /me.
    const res = await update(player.token, { time_zone: 'asia/tokyo' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ id: player.id, email: player.email, time_zone: 'Asia/Tokyo' });
    expect(await zoneOf(player.token)).toBe('Asia/Tokyo');
    expect(await storedZone(player.id)).toBe('Asia/Tokyo');

    // Refused zones answer 400 on the field, in the reader's language, and change nothing.
    const refusals: [Record<string, unknown>, string, Record<string, string[]>][] = [
      [
        { time_zone: 'Mars/Olympus_Mons' },
        'en',
        { time_zone: ['Choose a time zone from the list, such as Europe/London.'] },
      ],
      [
        { time_zone: 'Mars/Olympus_Mons' },
        'de',
        { time_zone: ['Wählen Sie eine Zeitzone aus der Liste, zum Beispiel Europe/Berlin.'] },
      ],
      [
        { time_zone: '../../etc/passwd' },
        'en',
        { time_zone: ['Choose a time zone from the list, such as Europe/London.'] },
      ],
      [
        { time_zone: 'Europe/Paris\u202e' },
        'en',
        { time_zone: ['Remove invisible or control characters, such as zero-width spaces or text-direction marks.'] },
      ],
      [
        { time_zone: 'Europe/Paris\u0000' },
        'en',
        { time_zone: ['Remove invisible or control characters, such as zero-width spaces or text-direction marks.'] },
      ],
      [{ time_zone: null }, 'en', { time_zone: ['This field is required.'] }],
      [{ time_zone: 540 }, 'en', { time_zone: ['Enter text here.'] }],
      [
        { time_zone: 'Europe/Paris', first_name: '<b>' },
        'en',
        { first_name: ['Enter at most 60 characters, without < or >.'] },
      ],
    ];
    for (const [body, language, answer] of refusals) {
      const refused = await update(player.token, body, language);
      expect([refused.status, refused.body], JSON.stringify(body)).toEqual([400, answer]);
    }
    expect(await storedZone(player.id)).toBe('Asia/Tokyo');
    // The player's data file says it too.
    const exported = await ctx.api.app.request('/api/user/export', {
      headers: { authorization: `Token ${player.token}` },
    });
    expect(exported.status).toBe(200);
    expect((JSON.parse(await exported.text()) as { profile: { time_zone: string } }).profile.time_zone).toBe(
      'Asia/Tokyo',
    );

    await changePassword(player);
    const tokyo = changedLine('Asia/Tokyo');
    expect(tokyo).toMatch(/ GMT\+9\. Other devices/);
    expect((await smtp.next(player.email)).text).toContain(tokyo);

    // The other player's zone and mail are their own.
    expect(await zoneOf(other.token)).toBe('Europe/Berlin');
    await changePassword(other);
    const german = changedLine('Europe/Berlin');
    expect(german).toMatch(/ GMT\+1\. Other devices/);
    expect((await smtp.next(other.email)).text).toContain(german);
  });
});
