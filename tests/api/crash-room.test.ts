/**
 * The shared crash room (docs/multiplayer-crash.md): games from a committed hash chain (the
 * published test vector, so every crash point is known), bets and cash-outs through the wallet,
 * the driver's lease passing to another node when the first stops, and the refusals.
 */
import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkRevealedGame } from '#core/games/crash-chain.ts';
import { crashTimeOf } from '#core/games/crash.ts';
import { createApp } from '#server/app.ts';
import type { Services } from '#server/app-env.ts';
import { manualClock } from '#server/base/clock.ts';
import { openPostgres } from '#server/db/postgres.ts';
import { Lifecycle } from '#server/ops/lifecycle.ts';
import { open, seal } from '#server/services/secret-box.ts';
import { roomChain } from '#server/services/crash-room/crash-room-chain.ts';
import { buildCrashChain } from '#server/services/crash-room/crash-chain-builder.ts';
import { tickCrashRoom } from '#server/services/crash-room/crash-room-driver.ts';
import { installTestCrashChain, TEST_CHAIN } from './fixtures/crash-chain.ts';
import { balanceOf, useTestApi } from './harness.ts';

const clock = manualClock();
const ctx = useTestApi({ CRASH_ROOM_BETTING_SECONDS: '6' }, { clock });

// The published test vector (docs/multiplayer-crash.md): games 1 … 8 crash at these points.
const { salt: SALT, terminating: TERMINATING } = TEST_CHAIN;
const GAME_1_HASH = '507b990a23082c3d9e594acbaf118107d493947ac0455ea665c8fbf878273116';
const GAME_2_HASH = '426c89f56b956994a06d62a899454c21f6038c58beb67636c016f89dd826905b';
const BETTING_MS = 6000;

/** Moves the manual clock by milliseconds. */
const wait = (ms: number) => clock.advance(ms / 1000);

beforeAll(() => installTestCrashChain(ctx.api.services, clock()));

/** A second API node: its own app and, on PostgreSQL, its own connections to the same database. */
async function secondNode(): Promise<{
  services: Services;
  app: ReturnType<typeof createApp>;
  close(): Promise<void>;
}> {
  let services = ctx.api.services;
  if (ctx.api.db.kind === 'postgres') {
    const [{ database, schema }] = (await ctx.api.db.query<{ database: string; schema: string }>(
      'SELECT current_database() AS database, current_schema() AS schema',
    )) as [{ database: string; schema: string }];
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${database}`;
    services = { ...services, db: await openPostgres(url.toString(), schema === 'public' ? undefined : schema) };
  }
  const app = createApp({ distDir: '/nonexistent-dist', services, log: () => {}, lifecycle: new Lifecycle() });
  const close = async () => {
    if (services.db !== ctx.api.db) await services.db.close();
  };
  return { services, app, close };
}

const room = async () => (await ctx.api.request('GET', '/api/crash-room')).body;
const bet = (token: string, body: object) => ctx.api.request('POST', '/api/crash-room/bets', { token, body });
const cashOut = (token: string) => ctx.api.request('POST', '/api/crash-room/cashout', { token });
const mine = async (token: string) => (await ctx.api.request('GET', '/api/crash-room/bets', { token })).body;

/** Ends whatever game runs (ticking as node-a at its crash time) and opens the next. */
async function toNextGame(node = 'node-a') {
  const state = await room();
  if (state.current) {
    const [row] = await ctx.api.db.query<{ crashes_at: Date }>('SELECT crashes_at FROM crash_games WHERE NOT ended');
    const left = new Date(row!.crashes_at).getTime() - clock().getTime();
    if (left > 0) wait(left);
  }
  expect(await tickCrashRoom(ctx.api.services, 'EUR', node)).toMatch(/^(opened|ended)$/);
}

describe('the shared crash room', () => {
  it('plays three on two nodes: a cash-out by hand, an auto cash-out, a bust; the second node takes over', async () => {
    const [alice, bob, carol] = await Promise.all([
      ctx.api.player({ balance: '50.00' }),
      ctx.api.player({ balance: '50.00' }),
      ctx.api.player({ balance: '50.00' }),
    ]);
    const other = await secondNode();
    try {
      // Game 1 opens for bets: the room shows its commitment, never the running game's crash point or hash.
      expect(await tickCrashRoom(ctx.api.services, 'EUR', 'node-a')).toBe('opened');
      let state = await room();
      expect(state.commitment).toEqual({ terminating_hash: TERMINATING, salt: SALT, games: 8 });
      expect(state.current).toMatchObject({ game: 1, phase: 'betting', multiplier: null, players: [] });
      expect(JSON.stringify(state)).not.toContain(GAME_1_HASH);
      // Game 1 crashes at 1.10× with nobody in it; game 2 (1.95×) opens.
      wait(BETTING_MS + crashTimeOf(110));
      expect(await tickCrashRoom(ctx.api.services, 'EUR', 'node-a')).toBe('ended');
      state = await room();
      expect(state.history).toEqual([{ game: 1, crash_point: '1.10', hash: GAME_1_HASH }]);
      expect(await checkRevealedGame({ hash: GAME_1_HASH, crash: 110 }, TERMINATING, SALT)).toBe('ok');
      expect(state.current.game).toBe(2);

      const bets = await Promise.all([
        bet(alice.token, { amount: '10.00' }),
        bet(bob.token, { amount: '10.00', auto_cashout: '1.50' }),
        bet(carol.token, { amount: '10.00' }),
      ]);
      expect(bets.map((res) => res.status)).toEqual([201, 201, 201]);
      expect(bets[1]!.body).toMatchObject({
        game: 2,
        stake: '10.00',
        auto_cashout: '1.50',
        paid: null,
        balance: '40.00',
      });
      expect((await room()).current.players).toHaveLength(3);
      // A page opened now sees the player's own bet (and can cash it out); signed out, nobody's.
      expect(await mine(bob.token)).toEqual({
        bet: { game: 2, stake: '10.00', auto_cashout: '1.50', paid: null, win: null, balance: '40.00' },
      });
      expect((await ctx.api.request('GET', '/api/crash-room/bets')).status).toBe(401);

      // 1 s into the rise (1.21×) Alice cashes out through the second node; node-a still drives.
      wait(BETTING_MS + 1000);
      expect(await tickCrashRoom(ctx.api.services, 'EUR', 'node-a')).toBe('running');
      expect(await tickCrashRoom(other.services, 'EUR', 'node-b')).toBe('not_leader');
      const out = await other.app.request('/api/crash-room/cashout', {
        method: 'POST',
        headers: { authorization: `Token ${alice.token}` },
      });
      expect(out.status).toBe(200);
      expect(await out.json()).toMatchObject({ game: 2, paid: '1.21', win: '12.10', balance: '52.10' });
      expect((await mine(alice.token)).bet).toMatchObject({ game: 2, paid: '1.21', win: '12.10', balance: '52.10' });

      // node-a stops ticking. Its lease holds 2 s after its last tick: node-b waits, then takes over,
      // pays Bob's auto cash-out at 1.50× and ends the game at 1.95×, where Carol loses.
      wait(1300);
      expect(await tickCrashRoom(other.services, 'EUR', 'node-b')).toBe('not_leader');
      wait(800);
      expect(await tickCrashRoom(other.services, 'EUR', 'node-b')).toBe('running');
      expect(await balanceOf(ctx.api, bob.id)).toBe('55.00');
      wait(crashTimeOf(195) - 3100);
      expect(await tickCrashRoom(other.services, 'EUR', 'node-b')).toBe('ended');
      expect(await tickCrashRoom(ctx.api.services, 'EUR', 'node-a')).toBe('not_leader');

      expect(await balanceOf(ctx.api, alice.id)).toBe('52.10');
      expect(await balanceOf(ctx.api, bob.id)).toBe('55.00');
      expect(await balanceOf(ctx.api, carol.id)).toBe('40.00');
      // The game is over: no bet of theirs runs.
      expect(await mine(carol.token)).toEqual({ bet: null });
      const settled = await ctx.api.db.query<{ user_id: number; paid: number; win: string }>(
        `SELECT b.user_id, b.paid, b.win::text FROM crash_bets b JOIN crash_games g ON g.id = b.game_id
          WHERE g.game = 2 ORDER BY b.user_id`,
      );
      expect(settled).toEqual(
        [
          { user_id: alice.id, paid: 121, win: '12.10' },
          { user_id: bob.id, paid: 150, win: '15.00' },
          { user_id: carol.id, paid: 0, win: '0.00' },
        ].sort((a, b) => a.user_id - b.user_id),
      );
      // Each bet is one completed round in the player's history: stake and win.
      for (const [player, net] of [
        [alice, '2.10'],
        [bob, '5.00'],
        [carol, '-10.00'],
      ] as const) {
        const history = await ctx.api.request('GET', '/api/user/history?type=game', { token: player.token });
        expect(history.body.results).toEqual([expect.objectContaining({ amount: net, status: 'completed' })]);
      }
      // The public feed got each settled bet (a return at or below the stake is no win), and the room
      // its `crash` events: the bets, the two cash-outs with masked names, the crash with its hash.
      const events = await ctx.api.db.query<{ name: string; data: Record<string, unknown> }>(
        `SELECT name, data FROM stream_events WHERE name IN ('bet', 'crash') ORDER BY id`,
      );
      const feed = events.filter((event) => event.name === 'bet').map((event) => event.data);
      expect(feed.map(({ multiplier, payout, win }) => ({ multiplier, payout, win }))).toEqual([
        { multiplier: '1.21', payout: '12.10', win: true },
        { multiplier: '1.50', payout: '15.00', win: true },
        { multiplier: '0.00', payout: '0.00', win: false },
      ]);
      const room2 = events.filter((event) => event.name === 'crash' && event.data.game === 2).map((e) => e.data);
      expect(room2.map((data) => data.type)).toEqual(['betting', 'bet', 'bet', 'bet', 'cashout', 'cashout', 'crashed']);
      expect(room2[4]).toMatchObject({
        multiplier: '1.21',
        payout: '12.10',
        player: expect.stringMatching(/^pl\*\*\*\w$/),
      });
      expect(room2[6]).toMatchObject({ crash_point: '1.95', hash: GAME_2_HASH });
      state = await room();
      expect(state.history[0]).toEqual({ game: 2, crash_point: '1.95', hash: GAME_2_HASH });
      expect(await checkRevealedGame({ hash: GAME_2_HASH, crash: 195 }, GAME_1_HASH, SALT)).toBe('ok');
      expect(state.current).toMatchObject({ game: 3, phase: 'betting', players: [] });
    } finally {
      await other.close();
    }
  });

  it('refuses bets and cash-outs out of turn, off-step stakes, bad targets and strangers, with reasons', async () => {
    const player = await ctx.api.player({ balance: '20.00' });
    await toNextGame();
    expect((await ctx.api.request('POST', '/api/crash-room/bets', { body: { amount: '1.00' } })).status).toBe(401);
    expect((await ctx.api.request('POST', '/api/crash-room/cashout')).status).toBe(401);

    const offStep = await bet(player.token, { amount: '2.50' });
    expect(offStep.status).toBe(400);
    expect(offStep.body.detail).toMatch(/€1\.00.*€9\.50/);
    for (const auto of ['1.00', '0.5', 'two', '100000.01'])
      expect((await bet(player.token, { amount: '1.00', auto_cashout: auto })).status).toBe(400);
    expect((await bet(player.token, { amount: '21.00' })).status).toBe(400);
    expect((await bet(player.token, { amount: 'lots' })).status).toBe(400);

    const noBet = await cashOut(player.token);
    expect(noBet.status).toBe(409);
    expect(noBet.body.detail).toBe('You have no bet to cash out in this game.');
    expect((await bet(player.token, { amount: '1.00' })).status).toBe(201);
    const twice = await bet(player.token, { amount: '1.00' });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe('You already have a bet in this game.');
    expect((await cashOut(player.token)).body.detail).toBe('The multiplier has not started rising yet.');

    wait(BETTING_MS);
    const late = await ctx.api.request('POST', '/api/crash-room/bets', {
      token: player.token,
      body: { amount: '1.00' },
      headers: { 'accept-language': 'ja' },
    });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('このゲームのベット受付は終了しました。次のゲームをお待ちください。');
    // Past the crash time, before the driver has ended the game: too late, and the bet is lost.
    const [row] = await ctx.api.db.query<{ crashes_at: Date }>('SELECT crashes_at FROM crash_games WHERE NOT ended');
    wait(new Date(row!.crashes_at).getTime() - clock().getTime() + 1);
    expect((await cashOut(player.token)).body.detail).toBe('Too late: the game has crashed.');
    expect(await balanceOf(ctx.api, player.id)).toBe('19.00');
  });

  it('takes one of two parallel bets and pays one of two parallel cash-outs', async () => {
    const player = await ctx.api.player({ balance: '30.00' });
    await toNextGame();
    const bets = await Promise.all([bet(player.token, { amount: '10.00' }), bet(player.token, { amount: '10.00' })]);
    expect(bets.map((res) => res.status).sort()).toEqual([201, 409]);
    wait(BETTING_MS);
    const outs = await Promise.all([cashOut(player.token), cashOut(player.token)]);
    expect(outs.map((res) => res.status).sort()).toEqual([200, 409]);
    // At the very start of the rise the multiplier is 1.00×: the stake comes back, nothing more.
    expect(outs.find((res) => res.status === 200)!.body).toMatchObject({ paid: '1.00', win: '10.00' });
    expect(await balanceOf(ctx.api, player.id)).toBe('30.00');
  });

  it('refuses a stake above the balance, showing the balance', async () => {
    const player = await ctx.api.player({ balance: '5.00' });
    await toNextGame();
    const res = await bet(player.token, { amount: '10.00' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('€5.00');
  });

  it('seals a chain kept under the previous RSA key again under the current one when it is loaded', async () => {
    const { services } = ctx.api;
    const previous = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const chain = await buildCrashChain(4, 2);
    await services.db.query(
      `INSERT INTO crash_chains (currency, terminating_hash, salt, length, spacing, checkpoints_box, created_at)
       VALUES ('GBP', $1, 'salt', 4, 2, $2, $3)`,
      [chain.terminating, seal([previous], JSON.stringify(chain.checkpoints)), clock().toISOString()],
    );
    const loaded = await roomChain({ ...services, privateKeys: [...services.privateKeys, previous] }, 'GBP');
    expect(loaded.chain.checkpoints).toEqual(chain.checkpoints);
    const [row] = await services.db.query<{ box: string }>(
      `SELECT checkpoints_box AS box FROM crash_chains WHERE currency = 'GBP'`,
    );
    expect(open(services.privateKeys, row!.box)).toEqual({ plain: JSON.stringify(chain.checkpoints), stale: false });
  });

  it('names an incognito player in no event and no list of the room', async () => {
    const player = await ctx.api.player({ balance: '20.00' });
    const update = await ctx.api.request('PATCH', '/api/user/update', {
      token: player.token,
      body: { incognito: true },
    });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    await toNextGame();
    expect((await bet(player.token, { amount: '2.00' })).status).toBe(201);
    expect((await room()).current.players).toEqual([{ player: null, stake: '2.00', paid: null }]);
    wait(BETTING_MS + 1000);
    expect((await cashOut(player.token)).body).toMatchObject({ paid: '1.21', win: '2.42' });
    const events = await ctx.api.db.query<{ name: string; data: Record<string, unknown> }>(
      `SELECT name, data FROM stream_events WHERE name IN ('bet', 'crash') ORDER BY id DESC LIMIT 3`,
    );
    expect(events.map((event) => [event.name, event.data.type ?? null, event.data.player])).toEqual([
      ['crash', 'cashout', null],
      ['bet', null, null],
      ['crash', 'bet', null],
    ]);
  });
});
