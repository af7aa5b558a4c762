import { describe, expect, it } from 'vitest';
import { useTestApi } from './harness.ts';

const ctx = useTestApi();
const me = (token: string) => ctx.api.request('GET', '/api/user/me', { token });
const update = (token: string, body: unknown) => ctx.api.request('PATCH', '/api/user/update', { token, body });

describe('GET /api/user/me', () => {
  it('answers the user with money as decimal strings', async () => {
    const player = await ctx.api.player({ balance: '12.50' });
    const res = await me(player.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: player.id,
      email: player.email,
      username: player.username,
      first_name: '',
      last_name: '',
      balance: '12.50',
      bonus_balance: '0.00',
      currency: 'EUR',
      loyalty: { level: 'bronze', points: 0, next_level_points: 1000 },
      referral_code: expect.stringMatching(/^[A-Z2-9]{8}$/),
      date_joined: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      limits: { deposit_min: '10.00', deposit_max: '10000.00', withdrawal_min: '10.00', withdrawal_max: '5000.00' },
      // The sign-in's next reality check: 60 minutes after it began, by default.
      reality_check_next_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      // None given at sign-up: mails say UTC until the player picks one on the profile page.
      time_zone: null,
      // Game sound is off until the player turns it on.
      game_sound: false,
      incognito: false,
      marketing_consent: false,
      // The country of residence the registration form sent (the harness's players live in one the market covers).
      country: 'AD',
    });
  });
});

describe('PATCH /api/user/update', () => {
  it('never changes the sign-up date of birth, and has no address to keep up to date (the rules say so)', async () => {
    const player = await ctx.api.player();
    const before = await ctx.api.db.query<{ date_of_birth: string }>(
      'SELECT date_of_birth::text FROM users WHERE id = $1',
      [player.id],
    );
    for (const body of [{ date_of_birth: '2000-01-01' }, { address: '1 High Street' }]) {
      const res = await update(player.token, body);
      expect(res.status).toBe(400);
      expect(res.body[Object.keys(body)[0]!]).toHaveLength(1);
    }
    expect(await ctx.api.db.query('SELECT date_of_birth::text FROM users WHERE id = $1', [player.id])).toEqual(before);
    expect(before[0]!.date_of_birth).toBe('1990-04-12');
  });

  it('changes the whitelisted fields and answers the updated user', async () => {
    const player = await ctx.api.player();
    const res = await update(player.token, { username: 'new_name_1', first_name: 'Ana', last_name: "O'Brien" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      username: 'new_name_1',
      first_name: 'Ana',
      last_name: "O'Brien",
      email: player.email,
    });
    expect((await me(player.token)).body.username).toBe('new_name_1');
  });

  it('stores SQL-looking text verbatim as text', async () => {
    const player = await ctx.api.player();
    const sneaky = "Robert'); DROP TABLE users;--";
    const res = await update(player.token, { last_name: sneaky });
    expect(res.status).toBe(200);
    expect((await me(player.token)).body.last_name).toBe(sneaky);
  });

  it.each([
    ['the balance', { balance: '1000000.00' }, 'balance', 'This field cannot be changed.'],
    ['the email', { email: 'me@else.test' }, 'email', 'This field cannot be changed.'],
    ['the id', { id: 1 }, 'id', 'This field cannot be changed.'],
    ['an unknown field', { is_staff: true }, 'is_staff', 'This field does not exist.'],
    ['an invalid username', { username: 'a b' }, 'username', 'Use 3 to 30 characters: letters, digits and . _ - only.'],
    [
      'HTML in a name',
      { first_name: '<script>alert(1)</script>' },
      'first_name',
      'Enter at most 60 characters, without < or >.',
    ],
    ['a name that is not text', { first_name: 7 }, 'first_name', 'Enter text here.'],
    [
      'an unknown time zone',
      { time_zone: 'Europe/Atlantis' },
      'time_zone',
      'Choose a time zone from the list, such as Europe/London.',
    ],
    [
      'a time zone with a text-direction mark',
      { time_zone: '\u2066Europe/Berlin' },
      'time_zone',
      'Remove invisible or control characters, such as zero-width spaces or text-direction marks.',
    ],
  ])('refuses %s with 400 on the field and changes nothing', async (_name, body, field, message) => {
    const player = await ctx.api.player({ balance: '5.00' });
    const before = (await me(player.token)).body;
    const res = await update(player.token, body);
    expect(res.status).toBe(400);
    expect(res.body[field]).toEqual([message]);
    expect((await me(player.token)).body).toEqual(before);
  });

  it('refuses a username someone else has, in any case', async () => {
    const a = await ctx.api.player();
    const b = await ctx.api.player();
    const res = await update(b.token, { username: a.username.toUpperCase() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ username: ['This username is already taken.'] });
  });

  it('refuses all fields of a mixed request when one is invalid', async () => {
    const player = await ctx.api.player();
    const res = await update(player.token, { first_name: 'Fine', balance: '9.00' });
    expect(res.status).toBe(400);
    expect((await me(player.token)).body.first_name).toBe('');
  });
});
