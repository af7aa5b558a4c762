import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { launchGame, launchSession } from './fixtures/game-launch.ts';
import { expectMarketRefusal, slotSpin } from './fixtures/market-play.ts';
import { addProvider, bet, nextId } from './wallet-api-provider.ts';
import { staffMember } from './operator-harness.ts';
import { loadConfig } from '../../server/src/config/server-config.ts';

/**
 * MARKET=GB (docs/markets.md): RTS 14 game cycle (a slot round 2.5 s after the previous one's start, another
 * casino game 5 s), the £5 slot stake cap and £2 for ages 18–24, verification before real-money play.
 * Through our own games and the provider wallet's `play`; the clock is moved, never waited on. On PGlite and,
 * with DATABASE_URL, on PostgreSQL.
 */
const clock = manualClock();
const ctx = useTestApi({ MARKET: 'GB', LICENCE_NUMBER: '000-012345-R-123456-001' }, { clock });

const SLOT = 'amber-fortune';
const spin = (session: string, amount: string) => slotSpin(ctx.api, session, amount);
const dice = (session: string) =>
  ctx.api.request('POST', `/demo-games/api/sessions/${session}/rounds`, {
    body: { bet: { type: 'dice', amount: '1.00', target: '50.49', direction: 'over' } },
    encrypt: false,
  });

const bonusOf = async (id: number) =>
  (await ctx.api.db.query<{ bonus: string }>('SELECT bonus_balance::text AS bonus FROM users WHERE id = $1', [id]))[0]!
    .bonus;

const verifiedPlayer = () => ctx.api.player({ balance: '100.00', verified: true });

describe('GB: the market the footer shows', () => {
  it('GET /api/market names the UK Gambling Commission, its site and the licence number, publicly cached', async () => {
    const res = await ctx.api.request('GET', '/api/market');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.body).toEqual({
      code: 'GB',
      currency: 'GBP',
      regulator: { name: 'UK Gambling Commission', url: 'https://www.gamblingcommission.gov.uk' },
      licence_number: '000-012345-R-123456-001',
      countries: ['GB'],
      blocked_countries: [],
      deposit_limit: { at_registration: 'offered', monthly_max: null, monthly_max_young: null },
      games_allowed: 'all',
    });
  });
});

describe('GB: game cycle (RTS 14)', () => {
  it('the game page is told to leave out turbo, quick play, autoplay and slam-stop, and its pace', async () => {
    const player = await verifiedPlayer();
    const session = await launchSession(ctx.api, SLOT, { token: player.token });
    const state = await ctx.api.request('GET', `/demo-games/api/sessions/${session}`);
    expect(state.status).toBe(200);
    expect(state.body.forbidden_features).toEqual(['turbo', 'quick_play', 'autoplay', 'slam_stop']);
    expect(state.body.minimum_round_seconds).toBe(2.5);
    const roulette = await launchSession(ctx.api, 'european-roulette', { token: player.token });
    const rouletteState = await ctx.api.request('GET', `/demo-games/api/sessions/${roulette}`);
    expect(rouletteState.body.minimum_round_seconds).toBe(5);
  });

  it('our slot: a spin 2.4 s after the previous one is refused too_fast, at 2.5 s it is accepted', async () => {
    const player = await verifiedPlayer();
    const session = await launchSession(ctx.api, SLOT, { token: player.token });
    expect((await spin(session, '1.00')).status).toBe(200);
    clock.advance(2.4);
    const early = await spin(session, '1.00');
    expectMarketRefusal(
      early,
      'too_fast',
      'Too fast: under UK Gambling Commission rules a new round of this game may start 2.5 seconds after the ' +
        'previous one.',
    );
    clock.advance(0.1);
    expect((await spin(session, '1.00')).status).toBe(200);
  });

  it('10 spins fired at once: one is played, nine are refused, one stake taken', async () => {
    const player = await verifiedPlayer();
    const session = await launchSession(ctx.api, SLOT, { token: player.token });
    const results = await Promise.all(Array.from({ length: 10 }, () => spin(session, '1.00')));
    expect(results.map((res) => res.status).sort()).toEqual([200, ...Array(9).fill(403)]);
    for (const res of results.filter((r) => r.status === 403)) expect(res.body.error).toBe('too_fast');
    const [rounds] = await ctx.api.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM game_rounds WHERE user_id = $1',
      [player.id],
    );
    expect(rounds!.count).toBe(1);
    clock.advance(2.5);
  });

  it('another casino game waits 5 s between the starts of two rounds', async () => {
    const player = await verifiedPlayer();
    const session = await launchSession(ctx.api, 'dice', { token: player.token });
    expect((await dice(session)).status).toBe(200);
    clock.advance(4.9);
    expect((await dice(session)).body.error).toBe('too_fast');
    clock.advance(0.1);
    expect((await dice(session)).status).toBe(200);
  });

  it('the provider wallet: a new round at +2.4 s is refused, a further bet on the open round is not', async () => {
    const player = await verifiedPlayer();
    const provider = await addProvider(ctx.api);
    await ctx.api.db.query(`UPDATE provider_games SET mechanic = 'slot' WHERE provider_id = $1`, [provider.id]);
    const token = await provider.tokenFor(player);
    const play = (round: string, cents: number) =>
      provider.call('/wallet/v1/play', {
        token,
        game_id: provider.game,
        round_id: round,
        finished: false,
        actions: [bet(cents)],
      });
    const first = nextId('round');
    expect((await play(first, 100)).status).toBe(200);
    clock.advance(2.4);
    const early = await play(nextId('round'), 100);
    expect(early.status).toBe(403);
    expect(early.body.error).toBe('too_fast');
    expect(early.body.message).toMatch(/2\.5 seconds after the previous one/);
    // A second bet of the round already started is part of that round's cycle.
    expect((await play(first, 100)).status).toBe(200);
    clock.advance(0.1);
    expect((await play(nextId('round'), 100)).status).toBe(200);
    expect(await balanceOf(ctx.api, player.id)).toBe('97.00');
    clock.advance(2.5);
  });
});

describe('GB: stake caps by age', () => {
  it('a slot spin is at most £5.00, with the reason in the player’s language', async () => {
    const player = await verifiedPlayer();
    const session = await launchSession(ctx.api, SLOT, { token: player.token });
    const over = await spin(session, '5.10');
    expectMarketRefusal(
      over,
      'limit_reached',
      'This stake is too high: under UK Gambling Commission rules a round of this game is at most £5.00.',
    );
    expect((await spin(session, '5.00')).status).toBe(200);
    clock.advance(2.5);
  });

  it('a player aged 21 (from the stored date of birth) spins at most £2.00; the reason is localized', async () => {
    const player = await verifiedPlayer();
    await ctx.api.db.query(`UPDATE users SET date_of_birth = '2004-06-01', locale = 'de' WHERE id = $1`, [player.id]);
    const session = await launchSession(ctx.api, SLOT, { token: player.token, headers: { 'accept-language': 'de' } });
    const over = await spin(session, '2.10');
    expect(over.status).toBe(403);
    expect(over.body.error).toBe('limit_reached');
    expect(over.body.detail).toBe(
      'Dieser Einsatz ist zu hoch: Nach den Regeln der Aufsichtsbehörde (UK Gambling Commission) beträgt der ' +
        'Einsatz pro Runde dieses Spiels für Spieler von 18 bis 24 Jahren höchstens 2,00\u00a0£.',
    );
    expect((await spin(session, '2.00')).status).toBe(200);
    clock.advance(2.5);
  });

  it('the provider wallet refuses a £5.01 slot bet with limit_reached and takes nothing', async () => {
    const player = await verifiedPlayer();
    const provider = await addProvider(ctx.api);
    await ctx.api.db.query(`UPDATE provider_games SET mechanic = 'slot' WHERE provider_id = $1`, [provider.id]);
    const token = await provider.tokenFor(player);
    const res = await provider.call('/wallet/v1/play', {
      token,
      game_id: provider.game,
      round_id: nextId('round'),
      finished: false,
      actions: [bet(501)],
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('limit_reached');
    expect(await balanceOf(ctx.api, player.id)).toBe('100.00');
  });
});

describe('GB: verification before play', () => {
  it('a real-money launch of an unverified player answers 403 with the reason and a link to verification', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    const res = await launchGame(ctx.api, SLOT, { token: player.token });
    expectMarketRefusal(
      res,
      'verification_required',
      'Verify your identity and age before playing for real money (UK Gambling Commission rules): send a ' +
        'document on your profile page.',
      { link: expect.stringMatching(/^http:\/\/localhost:\d+\/profile\/?#verification$/) },
    );
    // Demo play needs no verification.
    expect((await launchGame(ctx.api, SLOT, { token: player.token, mode: 'demo' })).status).toBe(200);
  });
});

describe('GB: bonus wagering at most 10× (SR 5.1.1)', () => {
  it('a staff bonus above the cap is refused, 10× granted; a configured multiple above it cannot start', async () => {
    const player = await ctx.api.player();
    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get(`/operator/players/${player.id}`);
    const grant = (multiplier: string) =>
      admin.client.post(`/operator/players/${player.id}/bonus`, { amount: '20', multiplier, reason: 'Welcome' });
    const above = await grant('11');
    expect(above.status).toBe(409);
    expect(above.text).toContain('The GB market allows a bonus wagering multiple of at most 10×.');
    expect(await bonusOf(player.id)).toBe('0.00');
    expect((await grant('10')).location).toBe(`/operator/players/${player.id}?done=bonus`);
    expect(await bonusOf(player.id)).toBe('20.00');
    expect(() => loadConfig({ MARKET: 'GB', BONUS_WAGERING_MULTIPLIER: '11' })).toThrow(
      /BONUS_WAGERING_MULTIPLIER: 11 is above the GB market's bonus wagering cap of 10/,
    );
    expect(loadConfig({ MARKET: 'GB', BONUS_WAGERING_MULTIPLIER: '10' }).games.bonusWageringMultiplier).toBe(10);
    expect(loadConfig({ MARKET: 'MT', BONUS_WAGERING_MULTIPLIER: '40' }).games.bonusWageringMultiplier).toBe(40);
  });
});
