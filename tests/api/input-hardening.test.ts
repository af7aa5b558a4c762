/**
 * Regression tests for the hostile-input review and for
 * per-method withdrawal destinations. Each reproduces the finding as reported.
 */
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/src/http/auth.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { newReferralCode } from '../../server/src/services/users.ts';
import { ADULT, balanceOf, useTestApi } from './harness.ts';

const ctx = useTestApi();
const register = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.api.request('POST', '/auth/users/', { body: { ...ADULT, ...body }, headers });
const login = (body: Record<string, unknown>) => ctx.api.request('POST', '/auth/token/login/', { body });
const userCount = async () => (await ctx.api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n;
const PASSWORD = 'amber-lantern-9';
const UNSAFE = 'Remove invisible or control characters, such as zero-width spaces or text-direction marks.';

describe('emails are normalized once (NFKC, then lower case) everywhere', () => {
  it.each([
    ['a dotted capital I', 'İnfo.Turkish@example.com'],
    ['Greek capitals ending in a final sigma', 'ΣΊΣΥΦΟΣ@example.com'],
    ['fullwidth letters', 'ＦＵＬＬ.width@example.com'],
  ])('registers and then signs in with the identical string: %s', async (_name, email) => {
    const username = `u${Math.random().toString(36).slice(2, 10)}`;
    expect((await register({ email, username, password: PASSWORD })).status).toBe(201);
    await ctx.api.activate(email);
    const res = await login({ email, password: PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.auth_token).toMatch(/^[0-9a-f]{40}$/);
    // The same address in another form is the same account: answered alike, nothing created.
    const before = await userCount();
    const again = await register({ email: email.toLowerCase(), username: `${username}x`, password: PASSWORD });
    expect(again.status).toBe(201);
    expect(await userCount()).toBe(before);
  });

  it('migration 003 normalizes existing rows so their owners can sign in, and keeps emails unique', async () => {
    const legacy = 'İnfo.Legacy@Example.com';
    // The database as it was before migration 003: raw emails under a unique lower(email) index.
    await ctx.api.db.query('DROP INDEX users_email');
    await ctx.api.db.query('CREATE UNIQUE INDEX users_email_lower ON users (lower(email))');
    await ctx.api.db.query('DELETE FROM schema_migrations WHERE version = 3');
    await ctx.api.db.query(
      `INSERT INTO users (email, username, password_hash, referral_code, date_joined, activated_at, ` +
        `first_signed_in_at) VALUES ($1, 'legacy_player', $2, $3, $4, $4, $4)`,
      [legacy, await hashPassword(PASSWORD), newReferralCode(), ctx.api.services.clock().toISOString()],
    );
    expect((await login({ email: legacy, password: PASSWORD })).status).toBe(400);

    expect(await migrate(ctx.api.db)).toEqual(['003_normalize_emails.ts']);
    const [row] = await ctx.api.db.query<{ email: string }>("SELECT email FROM users WHERE username = 'legacy_player'");
    expect(row!.email).toBe(legacy.normalize('NFKC').toLowerCase());
    expect((await login({ email: legacy, password: PASSWORD })).status).toBe(200);
    const indexes = await ctx.api.db.query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'users' AND " +
        "indexname LIKE 'users_email%'",
    );
    expect(indexes.map((index) => index.indexname)).toEqual(['users_email']);
    expect(await migrate(ctx.api.db)).toEqual([]);
  });
});

describe('control, bidirectional and zero-width characters are a localized 400, never a 500', () => {
  it.each([
    [
      'NUL in the register email',
      'POST',
      '/auth/users/',
      { email: 'nul\u0000@example.com', username: 'nul_player', password: PASSWORD },
      'email',
    ],
    [
      'NUL in the login email',
      'POST',
      '/auth/token/login/',
      { email: 'nul\u0000@example.com', password: PASSWORD },
      'email',
    ],
    [
      'NUL in the referral code',
      'POST',
      '/auth/users/',
      { email: 'nulref@example.com', username: 'nulref', password: PASSWORD, ref: 'AB\u0000CD' },
      'ref',
    ],
    [
      'a zero-width space in the username',
      'POST',
      '/auth/users/',
      { email: 'zw@example.com', username: 'zero\u200Bwidth', password: PASSWORD },
      'username',
    ],
    [
      'a bidi isolate in the password',
      'POST',
      '/auth/users/',
      { email: 'iso@example.com', username: 'isolate', password: `${PASSWORD}\u2066` },
      'password',
    ],
  ])('%s', async (_name, method, path, body, field) => {
    const before = await userCount();
    const res = await ctx.api.request(method, path, { body: path === '/auth/users/' ? { ...ADULT, ...body } : body });
    expect(res.status).toBe(400);
    expect(res.body[field]).toEqual([UNSAFE]);
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['NUL', 'NABI\u00001234'],
    ['a right-to-left override', '\u202eNABI 1234'],
    ['BEL', 'DE89 3704 0044 0532 0130 00\u0007'],
  ])('refuses %s in a withdrawal destination and keeps the balance', async (_name, destination) => {
    const player = await ctx.api.player({ balance: '50.00' });
    const res = await ctx.api.request('POST', '/api/user/withdrawal', {
      token: player.token,
      body: { amount: '10.00', method: 'bank_transfer', destination },
    });
    expect(res.status).toBe(400);
    expect(res.body.destination).toEqual([UNSAFE]);
    expect(await balanceOf(ctx.api, player.id)).toBe('50.00');
  });

  it.each([
    ['zero-width joiner', 'Ana\u200D'],
    ['BEL', 'Ana\u0007'],
    ['ESC', '\u001B[31mAna'],
    ['a right-to-left override', '\u202eanA'],
    ['a C1 control', 'Ana\u0085'],
    ['a byte order mark', '\uFEFFAna'],
  ])('refuses a name with %s, in the request language', async (_name, first_name) => {
    const player = await ctx.api.player();
    const res = await ctx.api.request('PATCH', '/api/user/update', {
      token: player.token,
      body: { first_name },
      headers: { 'accept-language': 'de' },
    });
    expect(res.status).toBe(400);
    expect(res.body.first_name).toEqual([
      'Bitte entfernen Sie unsichtbare Zeichen oder Steuerzeichen, etwa Leerzeichen ohne Breite oder ' +
        'Textrichtungszeichen.',
    ]);
    const me = await ctx.api.request('GET', '/api/user/me', { token: player.token });
    expect(me.body.first_name).toBe('');
  });

  it.each(['2026-13-01', '2026-01-32', '0000-01-01', '2026-02-30', '2025-02-29', '2026-04-31'])(
    'refuses the impossible date %s in the history filters',
    async (date) => {
      const player = await ctx.api.player();
      for (const field of ['date_from', 'date_to']) {
        const res = await ctx.api.request('GET', `/api/user/history?${field}=${date}`, {
          token: player.token,
          headers: { 'accept-language': 'ja' },
        });
        expect(res.status).toBe(400);
        expect(res.body[field]).toEqual(['日付は YYYY-MM-DD の形式で入力してください。']);
      }
    },
  );

  it('accepts a leap day', async () => {
    const player = await ctx.api.player();
    expect(
      (
        await ctx.api.request('GET', '/api/user/history?date_from=2024-02-29&date_to=2028-02-29', {
          token: player.token,
        })
      ).status,
    ).toBe(200);
  });
});

describe('common and trivial passwords are refused with our own reasons', () => {
  it.each([
    ['password', 'This password is among the most common ones. Choose one that is harder to guess.'],
    ['aaaaaaaa', 'Repeated characters such as “aaa” or “abcabc” are easy to guess. Choose a different password.'],
    ['qwerty123', 'This password is among the most common ones. Choose one that is harder to guess.'],
    ['        ', 'Repeated characters such as “aaa” or “abcabc” are easy to guess. Choose a different password.'],
    ['abcdefgh', 'Sequences such as “abc” or “6543” are easy to guess. Choose a different password.'],
  ])('refuses %j', async (password, message) => {
    const before = await userCount();
    const res = await register({ email: 'weak@example.com', username: 'weak_player', password });
    expect(res.status).toBe(400);
    expect(res.body.password).toContain(message);
    expect(await userCount()).toBe(before);
  });

  it('gives the reason in the request language', async () => {
    const res = await register(
      { email: 'weak@example.com', username: 'weak_player', password: 'password' },
      { 'accept-language': 'ko' },
    );
    expect(res.body.password).toEqual([
      '가장 흔히 쓰이는 비밀번호 중 하나예요. 추측하기 더 어려운 비밀번호를 골라 주세요.',
    ]);
  });

  it('counts lengths in code points: 31 emoji are a fine password, not "too long"', async () => {
    const emoji = [...'🍎🍐🍊🍋🍌🍉🍇🍓🫐🍈🍒🍑🥭🍍🥥🥝🍅🍆🥑🥦🥬🥒🌶🫑🌽🥕🫒🧄🧅🥔🍠'];
    expect(emoji).toHaveLength(31);
    const password = emoji.join('');
    expect(password.length).toBeGreaterThan(60);
    const res = await register({ email: 'emoji@example.com', username: 'emoji_player', password });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await ctx.api.activate('emoji@example.com');
    expect((await login({ email: 'emoji@example.com', password })).status).toBe(200);
  });

  it('counts a name of 31 emoji as 31 characters', async () => {
    const player = await ctx.api.player();
    const res = await ctx.api.request('PATCH', '/api/user/update', {
      token: player.token,
      body: { first_name: '😀'.repeat(31) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.first_name).toBe('😀'.repeat(31));
  });
});

describe('usernames are NFKC-normalized and refuse mixed-script lookalikes', () => {
  it('refuses a Latin username with a Cyrillic "о"', async () => {
    const res = await register({ email: 'spoof@example.com', username: 'demо_player', password: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.username).toEqual([
      'Use letters from one alphabet only: mixing alphabets, such as Latin with Cyrillic, can imitate other names.',
    ]);
  });

  it('stores fullwidth "ＡＢＣ" as "ABC", so it cannot pose as another "abc"', async () => {
    const res = await register({ email: 'fullwidth@example.com', username: 'ＡＢＣ', password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body.username).toBe('ABC');
    const clash = await register({ email: 'fullwidth2@example.com', username: 'abc', password: PASSWORD });
    expect(clash.body.username).toEqual(['This username is already taken.']);
    const player = await ctx.api.player();
    const renamed = await ctx.api.request('PATCH', '/api/user/update', {
      token: player.token,
      body: { username: 'ａｂｃ' },
    });
    expect(renamed.body.username).toEqual(['This username is already taken.']);
  });

  it('accepts single-script names in other alphabets, and Japanese mixing kana, kanji and Latin', async () => {
    for (const [username, email] of [
      ['иван_петров', 'ivan@example.com'],
      ['राहुल', 'rahul@example.com'],
      ['山田たろうTaro', 'taro@example.com'],
    ]) {
      const res = await register({ email, username, password: PASSWORD });
      expect(res.status, `${username}: ${JSON.stringify(res.body)}`).toBe(201);
    }
  });
});

describe('prototype keys in a JSON body', () => {
  it.each(['__proto__', 'constructor', 'prototype'])(
    'PATCH /api/user/update with %s answers 400 like any unknown field',
    async (key) => {
      const player = await ctx.api.player();
      const raw = `{"${key}": {"first_name": "Mallory"}, "last_name": "Kept-Out"}`;
      // Encrypted as the site sends it, and as plain JSON; fromEntries makes "__proto__" an own key.
      const replies = [
        await ctx.api.request('PATCH', '/api/user/update', {
          token: player.token,
          body: Object.fromEntries([
            [key, { first_name: 'Mallory' }],
            ['last_name', 'Kept-Out'],
          ]),
        }),
        await ctx.api.request('PATCH', '/api/user/update', { token: player.token, raw }),
      ];
      for (const res of replies) {
        expect(res.status).toBe(400);
        expect(res.body[key]).toEqual(['This field does not exist.']);
      }
      const me = await ctx.api.request('GET', '/api/user/me', { token: player.token });
      expect(me.body).toMatchObject({ first_name: '', last_name: '' });
    },
  );
});

describe('withdrawal destinations are checked per method', () => {
  const withdraw = (token: string, method: string, destination: string, lang = 'en') =>
    ctx.api.request('POST', '/api/user/withdrawal', {
      token,
      body: { amount: '10.00', method, destination },
      headers: { 'accept-language': lang },
    });

  it.each([
    ['card', 'x', 'Enter a valid card number (12 to 19 digits).'],
    ['card', '4242 4242 4242 4241', 'Enter a valid card number (12 to 19 digits).'],
    ['bank_transfer', 'DE89 3704 0044 0532 0130 01', 'Enter a valid IBAN, for example DE89 3704 0044 0532 0130 00.'],
    ['bank_transfer', 'NABI 1234', 'Enter a valid IBAN, for example DE89 3704 0044 0532 0130 00.'],
    [
      'crypto',
      'wallet-1',
      'Enter a Bitcoin address starting with bc1, or an Ethereum address: 0x followed by 40 characters.',
    ],
    [
      'crypto',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
      'Enter a Bitcoin address starting with bc1, or an Ethereum address: 0x followed by 40 characters.',
    ],
  ])('refuses %s %j and keeps the balance', async (method, destination, message) => {
    const player = await ctx.api.player({ balance: '50.00' });
    const res = await withdraw(player.token, method, destination);
    expect(res.status).toBe(400);
    expect(res.body.destination).toEqual([message]);
    expect(await balanceOf(ctx.api, player.id)).toBe('50.00');
  });

  it('says so in the player’s language', async () => {
    const player = await ctx.api.player({ balance: '50.00' });
    expect((await withdraw(player.token, 'card', 'x', 'hi')).body.destination).toEqual([
      'मान्य कार्ड नंबर दर्ज करें (12 से 19 अंक)।',
    ]);
  });

  it.each([
    ['card', '4242-4242-4242-4242', '•••• 4242'],
    ['bank_transfer', 'de89370400440532013000', 'DE89 3704 0044 0532 0130 00'],
    ['crypto', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['crypto', '0x52908400098527886E0F7030069857D2E4169EE7', '0x52908400098527886E0F7030069857D2E4169EE7'],
  ])('accepts %s %j and stores it as %j (a card only masked)', async (method, destination, stored) => {
    const player = await ctx.api.player({ balance: '50.00', verified: true });
    const res = await withdraw(player.token, method, destination);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.destination).toBe(stored);
    const rows = await ctx.api.db.query<{ destination: string; params: unknown }>(
      'SELECT destination, params FROM transactions WHERE id = $1',
      [res.body.id],
    );
    expect(rows[0]!.destination).toBe(stored);
    expect(JSON.stringify(rows[0])).not.toContain('4242424242424242');
  });
});
