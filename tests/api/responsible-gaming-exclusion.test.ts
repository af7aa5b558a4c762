import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { formatInstant } from '../../server/src/services/rg/format.ts';
import { ADULT, balanceOf, useTestApi } from './harness.ts';
import { submitPaymentForm } from './demo-pay-form.ts';
import { addProvider, bet, nextId, win } from './wallet-api-provider.ts';
import { mailTo } from './operator-harness.ts';
import { type Credentials, signInReply } from './fixtures/sign-in.ts';

/** Time-out, self-exclusion and reality checks, with an injected clock. */
const clock = manualClock(new Date('2026-02-01T09:30:00Z'));
const ctx = useTestApi({ RG_REALITY_CHECK_TEST_MINUTES: '1' }, { clock });
const DAY = 86_400;

const post = (path: string, token: string | undefined, body: unknown, lang = 'en') =>
  ctx.api.request('POST', path, { token, body, headers: { 'accept-language': lang } });
const signIn = (player: Credentials, lang = 'en') => signInReply(ctx.api, player, { 'accept-language': lang });
const register = (player: { email: string; password: string }, lang = 'en') =>
  post(
    '/auth/users/',
    undefined,
    {
      email: player.email,
      username: `again_${Math.random().toString(36).slice(2, 8)}`,
      password: player.password,
      ...ADULT,
    },
    lang,
  );

describe('POST /api/user/time-out', () => {
  it('revokes every token at once; sign-in and registration are refused with the end date until it ends', async () => {
    const player = await ctx.api.player();
    const second = (await signIn(player)).body.auth_token;
    const res = await post('/api/user/time-out', player.token, { period: '7d', password: player.password });
    expect(res.status).toBe(200);
    const until = new Date(clock().getTime() + 7 * DAY * 1000);
    expect(res.body.time_out_until).toBe(until.toISOString());
    for (const token of [player.token, second])
      expect((await ctx.api.request('GET', '/api/user/me', { token })).status).toBe(401);

    const en = await signIn(player);
    expect(en.status).toBe(403);
    expect(en.body).toEqual({
      detail: `Your account is on a time-out until ${formatInstant(until, 'en')}. You can sign in again after that.`,
    });
    expect(formatInstant(until, 'en')).toBe('February 8, 2026 at 09:30 AM UTC');
    const de = await signIn(player, 'de');
    expect(de.body.detail).toBe(
      'Ihr Konto ist bis 8. Februar 2026 um 09:30 UTC in einer Auszeit. Danach können Sie sich wieder anmelden.',
    );
    // Registration answers like any other: nothing is created, the owner is mailed.
    const reg = await register(player, 'hi');
    expect(reg.status).toBe(201);
    expect(reg.body).toEqual({ email: player.email, username: expect.stringMatching(/^again_/) });
    const attempts = (await mailTo(ctx.api, player.email)).filter(
      (mail) => mail.subject === 'Someone tried to create an AmberPlay account with your address',
    );
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.text).toContain('No account was created: your time-out lasts until February 8, 2026');
    // A wrong password is still just a failed sign-in: the block is not told to strangers.
    expect(
      (await post('/auth/token/login/', undefined, { email: player.email, password: 'wrong-password-123' })).status,
    ).toBe(400);

    clock.advance(7 * DAY - 1);
    expect((await signIn(player)).status).toBe(403);
    clock.advance(1);
    expect((await signIn(player)).status).toBe(200);
  });

  it('cannot be shortened by a second, shorter time-out, and needs the right password and a known period', async () => {
    const player = await ctx.api.player();
    const bad = await post('/api/user/time-out', player.token, { period: '3d', password: 'nope' }, 'de');
    expect(bad.status).toBe(400);
    expect(bad.body.period).toHaveLength(1);
    const wrong = await post('/api/user/time-out', player.token, { period: '1m', password: 'not-the-password' }, 'de');
    expect(wrong.body).toEqual({ password: ['Das Passwort ist nicht korrekt.'] });
    expect(
      (await post('/api/user/time-out', player.token, { period: '1m', password: player.password }, 'en')).status,
    ).toBe(200);
    // Every token is gone, so nothing can end it early; the stored end stays a month away.
    const [row] = await ctx.api.db.query<{ until: Date }>('SELECT time_out_until AS until FROM users WHERE id = $1', [
      player.id,
    ]);
    expect(new Date(row!.until).toISOString()).toBe(
      new Date(Date.UTC(2026, 2, clock().getUTCDate(), clock().getUTCHours(), 30)).toISOString(),
    );
  });
});

describe('POST /api/user/self-exclusion', () => {
  it('needs the checkbox and the password', async () => {
    const player = await ctx.api.player();
    const res = await post('/api/user/self-exclusion', player.token, { period: '6m', password: player.password }, 'de');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      confirm: [
        'Setzen Sie das Häkchen, um zu bestätigen, dass Sie wissen, dass der Selbstausschluss nicht ' +
          'rückgängig gemacht werden kann.',
      ],
    });
    const en = await post('/api/user/self-exclusion', player.token, {
      period: '6m',
      password: 'wrong-password-1',
      confirm: true,
    });
    expect(en.body).toEqual({ password: ['The password is not correct.'] });
    expect((await ctx.api.request('GET', '/api/user/me', { token: player.token })).status).toBe(200);
  });

  it('pays the cash out as a pending withdrawal by the last deposit method, forfeits bonus, blocks mail', async () => {
    const player = await ctx.api.player();
    const payment = await post('/api/user/payments/create-payment', player.token, { amount: '80', method: 'crypto' });
    await submitPaymentForm(ctx.api, new URL(payment.body.redirect_url).pathname, 'confirm');
    await ctx.api.db.transaction(async (tx) => {
      const { credit } = await import('../../server/src/services/ledger.ts');
      await credit(tx, player.id, 'bonus', '25.00', null, ctx.api.services.clock());
    });
    expect(await balanceOf(ctx.api, player.id)).toBe('80.00');

    const open = await post('/api/user/payments/create-payment', player.token, { amount: '20', method: 'card' });
    const res = await post('/api/user/self-exclusion', player.token, {
      period: '1y',
      password: player.password,
      confirm: true,
    });
    expect(res.status).toBe(200);
    // A payment page left open cannot pay into the excluded account.
    const late = await submitPaymentForm(ctx.api, new URL(open.body.redirect_url).pathname, 'confirm');
    expect(new URL(late.headers.get('location')!).searchParams.get('payment_status')).toBe('cancelled');
    const until = new Date(clock());
    until.setUTCFullYear(until.getUTCFullYear() + 1);
    expect(res.body.self_excluded_until).toBe(until.toISOString());

    const [user] = await ctx.api.db.query<{ balance: string; bonus: string }>(
      'SELECT balance::text, bonus_balance::text AS bonus FROM users WHERE id = $1',
      [player.id],
    );
    expect(user).toEqual({ balance: '0.00', bonus: '0.00' });
    const [returned] = await ctx.api.db.query<{ amount: string; status: string; method: string; template: string }>(
      `SELECT amount::text, status, method, template FROM transactions WHERE user_id = $1 AND type = 'withdrawal'`,
      [player.id],
    );
    expect(returned).toEqual({
      amount: '-80.00',
      status: 'pending',
      method: 'crypto',
      template: 'rg.returned_on_self_exclusion',
    });
    const [ledger] = await ctx.api.db.query<{ cash: string; bonus: string }>(
      `SELECT COALESCE(sum(amount) FILTER (WHERE account = 'cash'), 0)::text AS cash, COALESCE(sum(amount) ` +
        `FILTER (WHERE account = 'bonus'), 0)::text AS bonus FROM ledger WHERE user_id = $1`,
      [player.id],
    );
    expect(ledger).toEqual({ cash: '0.00', bonus: '0.00' });
    // The ledger invariant (balance = sum(ledger)) is checked after every test by the harness.

    expect((await ctx.api.request('GET', '/api/user/me', { token: player.token })).status).toBe(401);
    const signInRes = await signIn(player, 'de');
    expect(signInRes.status).toBe(403);
    expect(signInRes.body.detail).toBe(
      `Sie haben sich bis ${formatInstant(until, 'de')} vom Glücksspiel ausgeschlossen. Bis dahin kann Ihr ` +
        `Konto nicht genutzt werden.`,
    );
    expect((await signIn(player)).body.detail).toBe(
      `You have excluded yourself from gambling until ${formatInstant(until, 'en')}. Your account cannot ` +
        `be used before then.`,
    );
    const reg = await register(player);
    expect(reg.status).toBe(201);
    expect(reg.body).toEqual({ email: player.email, username: expect.stringMatching(/^again_/) });
    expect(await ctx.api.db.query('SELECT 1 FROM users WHERE email = $1', [player.email])).toHaveLength(1);

    // No notifications or offers reach a self-excluded player.
    const { notify } = await import('../../server/src/services/history.ts');
    const countOwn = async () =>
      (
        await ctx.api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1', [
          player.id,
        ])
      )[0]!.n;
    const before = await countOwn();
    await notify(ctx.api.db, ctx.api.services.clock(), player.id, 'deposit', { amount: '1.00', currency: 'EUR' });
    expect(await countOwn()).toBe(before);

    // A history line in the player's language.
    clock.advance(366 * DAY);
    const token = (await signIn(player)).body.auth_token;
    const history = await ctx.api.request('GET', '/api/user/history?type=withdrawal', {
      token,
      headers: { 'accept-language': 'de' },
    });
    expect(history.body.results[0].description).toMatch(/^Guthaben beim Selbstausschluss zurückgezahlt per /);
  });
});

describe('reality checks', () => {
  it('are due every interval since sign-in or the last acknowledgement, the same for the whole session', async () => {
    const player = await ctx.api.player();
    const started = clock().toISOString();
    const get = () => ctx.api.request('GET', '/api/user/responsible-gaming', { token: player.token });
    expect((await get()).body).toMatchObject({
      session_started_at: started,
      reality_check_minutes: 60,
      reality_check_next_at: new Date(clock().getTime() + 3_600_000).toISOString(),
    });
    const set = await ctx.api.request('PATCH', '/api/user/responsible-gaming', {
      token: player.token,
      body: { reality_check_minutes: 1 },
    });
    expect(set.status).toBe(200);
    clock.advance(90);
    const ack = await post('/api/user/reality-check/ack', player.token, {});
    expect(ack.status).toBe(200);
    expect(ack.body).toEqual({ next_at: new Date(clock().getTime() + 60_000).toISOString() });
    expect((await get()).body).toMatchObject({ session_started_at: started, reality_check_next_at: ack.body.next_at });
    const off = await ctx.api.request('PATCH', '/api/user/responsible-gaming', {
      token: player.token,
      body: { reality_check_minutes: null },
    });
    expect(off.body).toMatchObject({ reality_check_minutes: null, reality_check_next_at: null });
    expect((await post('/api/user/reality-check/ack', player.token, {})).body).toEqual({ next_at: null });
  });

  it("shows the session's money: deposits, stakes, wins and the net result, a provider's rounds included", async () => {
    const player = await ctx.api.player();
    const payment = await post('/api/user/payments/create-payment', player.token, { amount: '40', method: 'card' });
    await submitPaymentForm(ctx.api, new URL(payment.body.redirect_url).pathname, 'confirm');
    await ctx.api.db.query(
      `INSERT INTO game_rounds (id, user_id, player, game_id, mode, nonce, client_seed, server_seed_hash, bet, outcome,
        stake, win, currency, created_at)
       VALUES (gen_random_uuid()::text, $1, 'p', 'amber-fortune', 'real', 0, 'c', 'h', '{}', '{}', '10.00', '4.50',
       'EUR', $2)`,
      [player.id, clock().toISOString()],
    );
    // A game provider's round counts as our own do: 3.00 staked, 5.00 won.
    const provider = await addProvider(ctx.api);
    const played = await provider.call('/wallet/v1/play', {
      token: await provider.tokenFor(player),
      game_id: provider.game,
      round_id: nextId('round'),
      finished: true,
      actions: [bet(300), win(500)],
    });
    expect(played.status, JSON.stringify(played.body)).toBe(200);
    const res = await ctx.api.request('GET', '/api/user/responsible-gaming', { token: player.token });
    expect(res.body.session).toEqual({ deposits: '40.00', stakes: '13.00', wins: '9.50', net: '-3.50' });
  });
});
