import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildCrashChain } from '#server/services/crash-room/crash-chain-builder.ts';
import { tickCrashRoom } from '#server/services/crash-room/crash-room-driver.ts';
import { seal } from '#server/services/secret-box.ts';
import { manualClock } from '../../server/src/base/clock.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { launchGame, launchSession } from './fixtures/game-launch.ts';
import { expectMarketRefusal, slotSpin } from './fixtures/market-play.ts';

/**
 * MARKET=DE (docs/markets.md, GlüStV 2021 §22a): slots only (no roulette, blackjack, baccarat, crash, mines,
 * dice), at most €1 per spin, 5 s per spin. On PGlite and, with DATABASE_URL, on PostgreSQL.
 */
const clock = manualClock();
const ctx = useTestApi({ MARKET: 'DE' }, { clock });

const spin = (session: string, amount: string) => slotSpin(ctx.api, session, amount);

describe('DE: games allowed', () => {
  it('GET /api/market names the GGL; without LICENCE_NUMBER the number is null', async () => {
    const res = await ctx.api.request('GET', '/api/market');
    expect(res.body).toMatchObject({ code: 'DE', currency: 'EUR', licence_number: null, games_allowed: ['slot'] });
    expect(res.body.regulator.name).toBe('Gemeinsame Glücksspielbehörde der Länder');
  });

  it('the catalogue and the most popular row list only slots: no roulette', async () => {
    const catalogue = await ctx.api.request('GET', '/gmnggate/games?page_size=100');
    expect(catalogue.status).toBe(200);
    const mechanics = new Set(catalogue.body.results.map((game: { mechanic: string }) => game.mechanic));
    expect([...mechanics]).toEqual(['slot']);
    expect(catalogue.body.results.map((game: { id: string }) => game.id)).not.toContain('european-roulette');
    const popular = await ctx.api.request('GET', '/gmnggate/most_popular');
    expect(popular.body.length).toBeGreaterThan(0);
    expect(popular.body.map((game: { category: string }) => game.category)).toEqual(
      Array(popular.body.length).fill('slots'),
    );
  });

  it('a table game’s launch answers 403, in real money and in demo', async () => {
    const player = await ctx.api.player({ balance: '100.00', verified: true });
    for (const game of ['european-roulette', 'blackjack', 'baccarat-royale', 'crash', 'mines', 'dice']) {
      const real = await launchGame(ctx.api, game, { token: player.token });
      expectMarketRefusal(
        real,
        'game_not_offered',
        'This game is not offered under Gemeinsame Glücksspielbehörde der Länder rules.',
      );
      expect((await launchGame(ctx.api, game)).status, game).toBe(403);
    }
  });
});

describe('DE: stake cap and game cycle', () => {
  it('a €1.10 spin is refused with its reason in German, €1.00 is played, and the next spin waits 5 s', async () => {
    const player = await ctx.api.player({ balance: '100.00', verified: true });
    await ctx.api.db.query(`UPDATE users SET locale = 'de' WHERE id = $1`, [player.id]);
    const session = await launchSession(ctx.api, 'amber-fortune', {
      token: player.token,
      headers: { 'accept-language': 'de' },
    });
    const over = await spin(session, '1.10');
    expectMarketRefusal(
      over,
      'limit_reached',
      'Dieser Einsatz ist zu hoch: Nach den Regeln der Aufsichtsbehörde (Gemeinsame Glücksspielbehörde der Länder) ' +
        'beträgt der Einsatz pro Runde dieses Spiels höchstens 1,00\u00a0€.',
    );
    expect(await balanceOf(ctx.api, player.id)).toBe('100.00');
    expect((await spin(session, '1.00')).status).toBe(200);
    clock.advance(4.9);
    expect((await spin(session, '1.00')).body.error).toBe('too_fast');
    clock.advance(0.1);
    expect((await spin(session, '1.00')).status).toBe(200);
  });
});

describe('DE: the crash room', () => {
  it('a bet in the shared crash room is refused: crash is not offered', async () => {
    const { services } = ctx.api;
    const chain = await buildCrashChain(4, 2, randomBytes(32));
    await services.db.query(
      `INSERT INTO crash_chains (currency, terminating_hash, salt, length, spacing, checkpoints_box, created_at)
       VALUES ('EUR', $1, 'market-de-salt', $2, $3, $4, $5)`,
      [
        chain.terminating,
        chain.length,
        chain.spacing,
        seal(services.privateKeys, JSON.stringify(chain.checkpoints)),
        clock().toISOString(),
      ],
    );
    expect(await tickCrashRoom(services, 'EUR', 'node-a')).toBe('opened');
    const player = await ctx.api.player({ balance: '100.00', verified: true });
    const res = await ctx.api.request('POST', '/api/crash-room/bets', {
      token: player.token,
      body: { amount: '1.00' },
    });
    expectMarketRefusal(
      res,
      'game_not_offered',
      'This game is not offered under Gemeinsame Glücksspielbehörde der Länder rules.',
    );
    expect(await balanceOf(ctx.api, player.id)).toBe('100.00');
  });
});
