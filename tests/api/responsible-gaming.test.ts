import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { formatInstant } from '../../server/src/services/rg/format.ts';
import { leavesWindowAt, windowStart } from '../../server/src/services/rg/windows.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { submitPaymentForm } from './demo-pay-form.ts';
import { launchGame } from './fixtures/game-launch.ts';
import { type Credentials, signInToken } from './fixtures/sign-in.ts';

/** Deposit and loss limits: cooling-off, rolling windows at their edges, the lowest-limit rule. */
const clock = manualClock(new Date('2026-03-31T12:00:00Z'));
// These tests move the clock by hours and days; a payment page's own 30-minute expiry is tested in
// payment-page-security.
const ctx = useTestApi({ RG_COOLING_OFF_HOURS: '24', PAYMENT_EXPIRY_MINUTES: '100000' }, { clock });
const HOUR = 3600;
const DAY = 24 * HOUR;

const rg = (token: string, lang = 'en') =>
  ctx.api.request('GET', '/api/user/responsible-gaming', { token, headers: { 'accept-language': lang } });
const patch = (token: string, body: unknown, lang = 'en') =>
  ctx.api.request('PATCH', '/api/user/responsible-gaming', { token, body, headers: { 'accept-language': lang } });
const deposit = (token: string, amount: string, lang = 'en') =>
  ctx.api.request('POST', '/api/user/payments/create-payment', {
    token,
    body: { amount, method: 'card' },
    headers: { 'accept-language': lang },
  });
// The payment page's own form, with its token, as a browser submits it.
const confirm = (redirectUrl: string) => submitPaymentForm(ctx.api, new URL(redirectUrl).pathname, 'confirm');
/** A real-money round as the wallet stores it, at the clock's time. */
const round = (userId: number, stake: string, win: string) =>
  ctx.api.db.query(
    `INSERT INTO game_rounds (id, user_id, player, game_id, mode, nonce, client_seed, server_seed_hash, bet, outcome,
      stake, win, currency, created_at)
     VALUES (gen_random_uuid()::text, $1, 'p', 'amber-fortune', 'real', 0, 'c', 'h', '{}', '{}', $2, $3, 'EUR', $4)`,
    [userId, stake, win, clock().toISOString()],
  );
const launch = (token: string, lang = 'en') =>
  launchGame(ctx.api, 'amber-fortune', { token, headers: { 'accept-language': lang } });
/** Signs in again, for tests that move the clock past a token's idle expiry. */
const signIn = (player: Credentials) => signInToken(ctx.api, player);

describe('GET /api/user/responsible-gaming', () => {
  it('answers the contract shape, with the 60-minute reality check by default and no limits', async () => {
    const player = await ctx.api.player();
    const res = await rg(player.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      deposit_limits: { day: null, week: null, month: null },
      loss_limits: { day: null, week: null, month: null },
      reality_check_minutes: 60,
      session_started_at: clock().toISOString(),
      time_out_until: null,
      self_excluded_until: null,
      lifetime_net_deposits: '0.00',
    });
    expect((await ctx.api.request('GET', '/api/user/responsible-gaming')).status).toBe(401);
  });
});

describe('deposit limits', () => {
  it('a first limit and a lower one apply at once; a raise waits 24 hours and setting it back cancels it', async () => {
    const player = await ctx.api.player();
    let res = await patch(player.token, { deposit_limits: { day: '100' } });
    expect(res.status).toBe(200);
    expect(res.body.deposit_limits.day).toEqual({ amount: '100.00', used: '0.00', remaining: '100.00', pending: null });

    res = await patch(player.token, { deposit_limits: { day: '50.50' } });
    expect(res.body.deposit_limits.day).toMatchObject({ amount: '50.50', pending: null });

    res = await patch(player.token, { deposit_limits: { day: '200' } });
    const effectiveAt = new Date(clock().getTime() + DAY * 1000).toISOString();
    expect(res.body.deposit_limits.day).toMatchObject({
      amount: '50.50',
      pending: { amount: '200.00', effective_at: effectiveAt },
    });

    // Asking for the same raise again does not restart the cooling-off.
    clock.advance(HOUR);
    res = await patch(player.token, { deposit_limits: { day: '200.00' } });
    expect(res.body.deposit_limits.day.pending).toEqual({ amount: '200.00', effective_at: effectiveAt });

    // Setting it back cancels the raise.
    res = await patch(player.token, { deposit_limits: { day: '50.50' } });
    expect(res.body.deposit_limits.day).toMatchObject({ amount: '50.50', pending: null });
    clock.advance(2 * DAY);
    const token = await signIn(player);
    expect((await rg(token)).body.deposit_limits.day.amount).toBe('50.50');
  });

  it('a raise applies exactly at the end of the cooling-off, and a removal too', async () => {
    const player = await ctx.api.player();
    await patch(player.token, { deposit_limits: { week: '100' } });
    await patch(player.token, { deposit_limits: { week: '300' } });
    expect((await deposit(player.token, '150')).status).toBe(400);
    clock.advance(DAY - 1);
    expect((await rg(player.token)).body.deposit_limits.week).toMatchObject({
      amount: '100.00',
      pending: { amount: '300.00' },
    });
    clock.advance(1);
    expect((await rg(player.token)).body.deposit_limits.week).toMatchObject({ amount: '300.00', pending: null });
    expect((await deposit(player.token, '150')).status).toBe(201);

    const removal = await patch(player.token, { deposit_limits: { week: null } });
    expect(removal.body.deposit_limits.week).toMatchObject({ amount: '300.00', pending: { amount: null } });
    clock.advance(DAY);
    expect((await rg(player.token)).body.deposit_limits.week).toBeNull();
  });

  it('a lowered limit applies at once even while a raise is pending', async () => {
    const player = await ctx.api.player();
    await patch(player.token, { deposit_limits: { month: '500' } });
    await patch(player.token, { deposit_limits: { month: '900' } });
    const res = await patch(player.token, { deposit_limits: { month: '400' } });
    expect(res.body.deposit_limits.month).toMatchObject({ amount: '400.00', pending: null });
  });

  it('counts deposits from creation in a rolling 24-hour window, up to its edge', async () => {
    const player = await ctx.api.player();
    await patch(player.token, { deposit_limits: { day: '100' } });
    const first = await deposit(player.token, '60');
    expect(first.status).toBe(201);
    // Pending, not yet confirmed: it already counts.
    expect((await rg(player.token)).body.deposit_limits.day).toMatchObject({ used: '60.00', remaining: '40.00' });
    clock.advance(HOUR);
    const refused = await deposit(player.token, '50');
    expect(refused.status).toBe(400);
    const freesAt = formatInstant(new Date(clock().getTime() + (DAY - HOUR) * 1000), 'en');
    expect(refused.body.amount[0]).toBe(
      `Your deposit limit allows at most €40.00 now. More becomes available on ${freesAt}.`,
    );
    expect(freesAt).toMatch(/^\w+ \d+, 2026 at \d\d?:\d\d [AP]M UTC$/);
    expect((await deposit(player.token, '40')).status).toBe(201);
    expect((await deposit(player.token, '10', 'de')).body.amount[0]).toMatch(
      /^Sie haben Ihr Einzahlungslimit erreicht\. Mehr wird am \d+\. \p{L}+ 2026 um \d\d:\d\d UTC verfügbar\.$/u,
    );

    // One second before the window passes the first deposit it still counts; at 24 h it no longer does.
    clock.advance(DAY - HOUR - 1);
    expect((await deposit(player.token, '10')).status).toBe(400);
    clock.advance(1);
    expect((await rg(player.token)).body.deposit_limits.day).toMatchObject({ used: '40.00', remaining: '60.00' });
    expect((await deposit(player.token, '60')).status).toBe(201);
    expect((await confirm(first.body.redirect_url)).status).toBe(303);
  });

  it('a month limit counts a deposit for one calendar month', async () => {
    const player = await ctx.api.player();
    await patch(player.token, { deposit_limits: { month: '100' } });
    expect((await deposit(player.token, '100')).status).toBe(201); // 31 March (+ earlier advances) 12:00
    const at = clock();
    clock.advance(28 * DAY);
    const token = await signIn(player);
    expect((await deposit(token, '10')).status).toBe(400);
    // The deposit leaves the window one calendar month after it was made.
    const leaves = new Date(at);
    leaves.setUTCMonth(leaves.getUTCMonth() + 1);
    const res = await deposit(token, '10');
    expect(res.body.amount[0]).toContain(leaves.getUTCDate() === 30 ? 'April 30' : 'May');
  });

  it('an amount above a limit with nothing deposited yet is refused with the limit itself', async () => {
    const player = await ctx.api.player();
    await patch(player.token, { deposit_limits: { month: '100' } });
    const res = await deposit(player.token, '150');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ amount: ['Your deposit limit allows at most €100.00 now.'] });
    expect((await deposit(player.token, '150', 'hi')).body.amount).toEqual([
      'आपकी जमा सीमा अभी अधिकतम €100.00 की अनुमति देती है।',
    ]);
  });

  it('the lowest limit wins across day, week and month, and the refusal names the binding window', async () => {
    const player = await ctx.api.player();
    await patch(player.token, { deposit_limits: { day: '500', week: '80', month: '1000' } });
    const view = (await rg(player.token)).body.deposit_limits;
    expect(view.day.remaining).toBe('500.00');
    expect(view.week.remaining).toBe('80.00');
    const res = await deposit(player.token, '90');
    expect(res.status).toBe(400);
    expect(res.body.amount).toEqual(['Your deposit limit allows at most €80.00 now.']);
    expect((await deposit(player.token, '80')).status).toBe(201);
    // The day window frees room first, but the week limit still binds.
    clock.advance(DAY);
    const refused = await deposit(player.token, '10');
    expect(refused.status).toBe(400);
    expect(refused.body.amount[0]).toMatch(/^You have reached your deposit limit/);
  });

  it("refuses bad input per field, in the reader's language, and changes nothing", async () => {
    const player = await ctx.api.player();
    await patch(player.token, { deposit_limits: { day: '100' } });
    const res = await patch(player.token, {
      deposit_limits: { day: '-5', year: '10' },
      loss_limits: { week: '1.234' },
      reality_check_minutes: 20,
      colour: 'red',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      'deposit_limits.day': ['Enter an amount such as 50 or 50.00, or remove the limit.'],
      'deposit_limits.year': ['This field is not known.'.replace(/.*/, res.body['deposit_limits.year'][0])],
      'loss_limits.week': ['Enter an amount such as 50 or 50.00, or remove the limit.'],
      reality_check_minutes: ['Choose off, 15, 30, 45, 60, 90 or 120 minutes.'],
      colour: [res.body.colour[0]],
    });
    const de = await patch(player.token, { deposit_limits: { day: '1e3' }, reality_check_minutes: 1 }, 'de');
    expect(de.body).toEqual({
      'deposit_limits.day': ['Geben Sie einen Betrag wie 50 oder 50.00 ein oder entfernen Sie das Limit.'],
      reality_check_minutes: ['Wählen Sie Aus, 15, 30, 45, 60, 90 oder 120 Minuten.'],
    });
    expect((await rg(player.token)).body).toMatchObject({
      deposit_limits: { day: { amount: '100.00' } },
      reality_check_minutes: 60,
    });
  });

  it('counts lifetime net deposits: completed deposits minus withdrawals', async () => {
    const player = await ctx.api.player({ verified: true });
    const made = await deposit(player.token, '70');
    await confirm(made.body.redirect_url);
    await deposit(player.token, '30'); // pending: not counted
    const withdrawal = await ctx.api.request('POST', '/api/user/withdrawal', {
      token: player.token,
      body: { amount: '20', method: 'crypto', destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
    });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(201);
    expect((await rg(player.token)).body.lifetime_net_deposits).toBe('50.00');
  });
});

describe('loss limits', () => {
  it('refuses launches once net loss (stakes − wins) reaches the limit, until the window frees room', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    await patch(player.token, { loss_limits: { day: '20' } });
    await round(player.id, '15.00', '5.00');
    clock.advance(HOUR);
    await round(player.id, '12.00', '0.00');
    const view = (await rg(player.token)).body.loss_limits.day;
    expect(view).toMatchObject({ amount: '20.00', used: '22.00', remaining: '0.00' });
    const refused = await launch(player.token);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(
      "You have reached your loss limit. Real-money play is possible again once the limit's period frees room.",
    );
    expect((await launch(player.token, 'hi')).body.detail).toBe(
      'आप अपनी हानि सीमा तक पहुँच गए हैं। सीमा की अवधि में जगह खाली होने पर असली पैसों से खेलना फिर संभव होगा।',
    );
    // Demo play is never limited.
    expect(
      (
        await ctx.api.request('POST', '/gmnggate/api', {
          body: { method: 'game_launch', game_id: 'amber-fortune', mode: 'demo' },
        })
      ).status,
    ).toBe(200);
    // The first round (net 10.00) leaves the window 24 h after it was played: 12.00 < 20.00.
    clock.advance(DAY - HOUR);
    expect((await launch(player.token)).status).toBe(200);
  });

  it('wins offset stakes, and raising a loss limit waits out the cooling-off', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    await patch(player.token, { loss_limits: { week: '10' } });
    await round(player.id, '30.00', '25.00');
    expect((await rg(player.token)).body.loss_limits.week).toMatchObject({ used: '5.00', remaining: '5.00' });
    expect((await launch(player.token)).status).toBe(200);
    await round(player.id, '5.00', '0.00');
    expect((await launch(player.token)).status).toBe(403);
    const raised = await patch(player.token, { loss_limits: { week: '50' } });
    expect(raised.body.loss_limits.week.pending).toMatchObject({ amount: '50.00' });
    expect((await launch(player.token)).status).toBe(403);
    clock.advance(DAY);
    expect((await launch(player.token)).status).toBe(200);
  });
  it('refuses bets in a game launched before the limit was reached; ends one launched before a time-out', async () => {
    // The game's pages and API speak the language the game was launched in.
    const bet = (session: string) =>
      ctx.api.request('POST', `/demo-games/api/sessions/${session}/rounds`, {
        body: { bet: { type: 'slot', amount: '1.00' } },
        encrypt: false,
      });
    const player = await ctx.api.player({ balance: '100.00' });
    const de = (await launch(player.token, 'de')).body.session_id as string;
    // The session is open (no round is played here: a random win would change the net loss).
    expect((await ctx.api.request('GET', `/demo-games/api/sessions/${de}`)).status).toBe(200);
    await patch(player.token, { loss_limits: { day: '5' } });
    await round(player.id, '10.00', '0.00');
    const refused = await bet(de);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(
      'Sie haben Ihr Verlustlimit erreicht. Echtgeldspiele sind wieder möglich, sobald im Zeitraum des ' +
        'Limits wieder Spielraum frei wird.',
    );

    const other = await ctx.api.player({ balance: '100.00' });
    const en = (await launch(other.token, 'en')).body.session_id as string;
    const hi = (await launch(other.token, 'hi')).body.session_id as string;
    expect(
      (
        await ctx.api.request('POST', '/api/user/time-out', {
          token: other.token,
          body: { period: '24h', password: other.password },
        })
      ).status,
    ).toBe(200);
    // A time-out signs the player out everywhere, and a real-money game session lives only as long
    // as the sign-in that launched it: both sessions are over (410), in their own language.
    const blocked = await bet(en);
    expect(blocked.status).toBe(410);
    expect(blocked.body.detail).toBe('This game session has expired. Open the game again from the lobby.');
    expect((await bet(hi)).body.detail).toBe('यह गेम सत्र समाप्त हो गया है। लॉबी से गेम फिर से खोलें।');
    // Launched again with a token from before the time-out: refused too.
    expect((await launch(other.token, 'en')).status).toBe(401);
    expect(await balanceOf(ctx.api, other.id)).toBe('100.00');
  });
});

describe('rolling windows', () => {
  it("end now and reach back 24 hours, 7 days or a calendar month (clamped at the month's end)", () => {
    const now = new Date('2026-03-31T12:00:00Z');
    expect(windowStart('day', now).toISOString()).toBe('2026-03-30T12:00:00.000Z');
    expect(windowStart('week', now).toISOString()).toBe('2026-03-24T12:00:00.000Z');
    expect(windowStart('month', now).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(windowStart('month', new Date('2028-03-30T00:00:00Z')).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(leavesWindowAt('month', new Date('2026-01-31T08:00:00Z')).toISOString()).toBe('2026-02-28T08:00:00.000Z');
  });
});
