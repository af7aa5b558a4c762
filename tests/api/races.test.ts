import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/src/db/database.ts';
import { manualClock } from '../../server/src/base/clock.ts';
import { InvalidInput } from '../../server/src/base/domain-errors.ts';
import { createRace, type RaceInput } from '../../server/src/services/promotions/races/race-definition.ts';
import { racesFor, RUNNING_RACES_TTL_MS } from '../../server/src/services/promotions/races/running-races.ts';
import { settleRace } from '../../server/src/services/promotions/races/race-settlement.ts';
import { launchSession } from './fixtures/game-launch.ts';
import { useTestApi } from './harness.ts';
import { PINS, pinGameSeeds, unpinGameSeedsAfterEach } from './pinned-seeds.ts';
import { addProvider, bet, nextId, win } from './wallet-api-provider.ts';

/**
 * Races (issue 41): settled real-money stakes on a race's games during its period rank players; a
 * public leaderboard with masked names; prizes paid once at the end through the ledger (both databases).
 */
const clock = manualClock(new Date('2026-06-10T08:00:00Z'));
const ctx = useTestApi({}, { clock });
unpinGameSeedsAfterEach(ctx);

const HOUR_MS = 3_600_000;
const at = (hours: number) => new Date(clock().getTime() + hours * HOUR_MS);
const leaderboard = (id: number | string, token?: string) =>
  ctx.api.request('GET', `/api/races/${id}/leaderboard`, { token });

function newRace(input: Partial<RaceInput> = {}) {
  return createRace(
    ctx.api.db,
    {
      name: 'Slot sprint',
      startsAt: at(0),
      endsAt: at(24),
      gameIds: ['fruit-fiesta'],
      categories: [],
      prizes: [
        { amount: '10.00', kind: 'cash' },
        { amount: '5.00', kind: 'bonus' },
      ],
      bonusMultiplier: 3,
      ...input,
    },
    null,
    clock(),
  );
}

/** `rounds` real-money rounds of `stake` on `game` (pinned: the slot's first 12 rounds pay nothing). */
async function play(token: string | undefined, rounds: number, stake: string, game = 'fruit-fiesta') {
  pinGameSeeds(ctx.api.services, PINS.slotLosses);
  const session = await launchSession(ctx.api, game, { token });
  for (let round = 0; round < rounds; round += 1) {
    const res = await ctx.api.request('POST', `/demo-games/api/sessions/${session}/rounds`, {
      body: { bet: { type: 'slot', amount: stake } },
      encrypt: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

const entryOf = async (raceId: number, userId: number) =>
  (
    await ctx.api.db.query<{ wagered: string }>(
      'SELECT wagered::text FROM race_entries WHERE race_id = $1 AND user_id = $2',
      [raceId, userId],
    )
  )[0]?.wagered;

describe('races', () => {
  it('refuses a race with bad fields, and a bad or unknown race id on the leaderboard', async () => {
    const cases: [Partial<RaceInput>, string][] = [
      [{ name: ' ' }, 'name'],
      [{ endsAt: at(0) }, 'ends_at'],
      [{ startsAt: at(-48), endsAt: at(-1) }, 'ends_at'],
      [{ endsAt: at(32 * 24) }, 'ends_at'],
      [{ startsAt: new Date(Number.NaN) }, 'starts_at'],
      [{ gameIds: ['no-such-game'] }, 'games'],
      [{ gameIds: [], categories: ['cards'] }, 'games'],
      [{ gameIds: [], categories: [] }, 'games'],
      [{ prizes: [] }, 'prizes'],
      [{ prizes: [{ amount: '0.00', kind: 'cash' }] }, 'prizes'],
      [{ prizes: [{ amount: '1.234', kind: 'cash' }] }, 'prizes'],
      [{ prizes: [{ amount: '5.00', kind: 'free' }] }, 'prizes'],
      [{ bonusMultiplier: 101 }, 'bonus_multiplier'],
    ];
    for (const [input, field] of cases) {
      const refusal = await newRace(input).catch((error: unknown) => error);
      expect(refusal, field).toBeInstanceOf(InvalidInput);
      expect(Object.keys((refusal as InvalidInput).problems)).toEqual([field]);
    }
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) expect((await leaderboard(id)).status, id).toBe(400);
    const unknown = await leaderboard(987_654);
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('This race does not exist or has already ended.');
  });

  it('counts settled real-money stakes on eligible games during the period only, in one upsert each', async () => {
    const race = await newRace({ startsAt: at(1), endsAt: at(3) });
    const byCategory = await newRace({ name: 'Instant dash', gameIds: [], categories: ['slots'], startsAt: at(1) });
    const player = await ctx.api.player({ balance: '100.00' });

    await play(player.token, 2, '1.00'); // before the start
    expect(await entryOf(race, player.id)).toBeUndefined();
    clock.advance(3600);
    await play(player.token, 3, '1.30');
    await play(player.token, 2, '2.00', 'amber-fortune'); // a slot: the category race only
    await play(undefined, 3, '5.00'); // play money never counts
    expect(await entryOf(race, player.id)).toBe('3.90');
    expect(await entryOf(byCategory, player.id)).toBe('7.90');
    clock.advance(2 * 3600);
    await play(player.token, 1, '1.00'); // at the end: over
    expect(await entryOf(race, player.id)).toBe('3.90');
    expect(await entryOf(byCategory, player.id)).toBe('8.90');

    const races = await ctx.api.request('GET', '/api/races');
    expect(races.status).toBe(200);
    expect(races.headers.get('cache-control')).toBe('public, max-age=10');
    const listed = races.body.find((r: { id: number }) => r.id === byCategory);
    expect(listed).toMatchObject({ status: 'running', categories: ['slots'], currency: ctx.api.config.currency });
    expect(listed.games).toEqual(expect.arrayContaining(['fruit-fiesta', 'amber-fortune']));
    expect(listed.games).not.toContain('dice');
    expect(races.body.map((r: { id: number }) => r.id)).not.toContain(race);
  });

  it('counts a provider’s round through the wallet API once finished, never a rolled-back bet', async () => {
    const provider = await addProvider(ctx.api);
    const race = await newRace({ gameIds: [provider.game] });
    const player = await ctx.api.player({ balance: '50.00' });
    const token = await provider.tokenFor(player);
    const play = (round: string, actions: unknown[], finished: boolean) =>
      provider.call('/wallet/v1/play', { token, game_id: provider.game, round_id: round, finished, actions });
    const open = nextId('round');
    expect((await play(open, [bet(250)], false)).status).toBe(200);
    expect(await entryOf(race, player.id)).toBeUndefined(); // open: not settled yet
    expect((await play(open, [win(100)], true)).status).toBe(200);
    expect(await entryOf(race, player.id)).toBe('2.50');
    const refunded = nextId('round');
    const stake = bet(400);
    expect((await play(refunded, [stake], false)).status).toBe(200);
    const rollback = await provider.call('/wallet/v1/rollback', {
      token,
      game_id: provider.game,
      round_id: refunded,
      actions: [{ action: 'rollback', action_id: nextId('rb'), original_action_id: stake.action_id }],
    });
    expect(rollback.status, JSON.stringify(rollback.body)).toBe(200);
    expect(await entryOf(race, player.id)).toBe('2.50');
  });

  it('reads running races at most once per cache lifetime of the clock, and not at all from a cache hit', async () => {
    await newRace();
    let reads = 0;
    const counting: Queryable = {
      query: async (sql, params) => {
        reads += 1;
        return ctx.api.db.query(sql, params);
      },
    };
    const node = {};
    const now = clock();
    expect((await racesFor(node, counting, 'fruit-fiesta', now)).length).toBeGreaterThan(0);
    expect(await racesFor(node, counting, 'dice', now)).toEqual([]);
    await racesFor(node, counting, 'fruit-fiesta', new Date(now.getTime() + RUNNING_RACES_TTL_MS - 1));
    expect(reads).toBe(1);
    await racesFor(node, counting, 'fruit-fiesta', new Date(now.getTime() + RUNNING_RACES_TTL_MS));
    expect(reads).toBe(2);
  });

  it('ranks ties by who got there first, masks names, hides incognito players, and tells the gap', async () => {
    const race = await newRace({ gameIds: ['amber-fortune'] });
    const first = await ctx.api.player({ balance: '50.00' });
    const second = await ctx.api.player({ balance: '50.00' });
    const third = await ctx.api.player({ balance: '50.00' });
    const newcomer = await ctx.api.player({ balance: '50.00' });
    await play(first.token, 2, '1.30', 'amber-fortune');
    clock.advance(60);
    await play(second.token, 2, '1.30', 'amber-fortune'); // the same 2.60, later
    await play(third.token, 1, '1.30', 'amber-fortune');
    await ctx.api.db.query('UPDATE users SET incognito = true WHERE id = $1', [second.id]);

    const board = await leaderboard(race);
    expect(board.status).toBe(200);
    expect(board.headers.get('cache-control')).toBe('public, max-age=10');
    expect(board.body.you).toBeUndefined();
    const mask = (name: string) => `${name.slice(0, 2)}***${name.at(-1)}`;
    expect(board.body.top).toEqual([
      {
        position: 1,
        player: mask(first.username),
        wagered: '2.60',
        prize: { position: 1, amount: '10.00', kind: 'cash' },
      },
      { position: 2, player: 'Hidden', wagered: '2.60', prize: { position: 2, amount: '5.00', kind: 'bonus' } },
      { position: 3, player: mask(third.username), wagered: '1.30', prize: null },
    ]);
    expect(JSON.stringify(board.body)).not.toContain(second.username);

    const own = await leaderboard(race, third.token);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(own.body.you).toEqual({ position: 3, wagered: '1.30', next: { position: 2, amount: '1.31' } });
    expect((await leaderboard(race, first.token)).body.you).toEqual({ position: 1, wagered: '2.60' });
    expect((await leaderboard(race, newcomer.token)).body.you).toEqual({
      position: null,
      wagered: '0.00',
      next: { position: 2, amount: '2.61' },
    });
    expect(
      (await ctx.api.request('GET', `/api/races/${race}/leaderboard`, { headers: { authorization: 'Token x' } }))
        .status,
    ).toBe(401);
  });

  it('pays the prize table once at the end through the ledger: cash to the balance, bonus with wagering', async () => {
    const race = await newRace({ gameIds: ['pharaoh-riches'] });
    const winner = await ctx.api.player({ balance: '20.00' });
    const runnerUp = await ctx.api.player({ balance: '20.00' });
    const third = await ctx.api.player({ balance: '20.00' });
    await play(winner.token, 3, '1.00', 'pharaoh-riches');
    await play(runnerUp.token, 2, '1.00', 'pharaoh-riches');
    await play(third.token, 1, '1.00', 'pharaoh-riches');
    const before = await ctx.api.db.query<{ id: number; balance: string; bonus: string }>(
      'SELECT id, balance::text, bonus_balance::text AS bonus FROM users WHERE id = ANY($1::int[]) ORDER BY id',
      [[winner.id, runnerUp.id, third.id]],
    );

    expect(await settleRace(ctx.api.services, race)).toBe(0); // not over yet
    clock.advance(24 * 3600);
    const paid = await Promise.all([settleRace(ctx.api.services, race), settleRace(ctx.api.services, race)]);
    expect(paid.sort()).toEqual([0, 2]);
    expect(await settleRace(ctx.api.services, race)).toBe(0);

    const after = await ctx.api.db.query<{ id: number; balance: string; bonus: string; multiplier: number | null }>(
      `SELECT id, balance::text, bonus_balance::text AS bonus, bonus_multiplier AS multiplier FROM users
       WHERE id = ANY($1::int[]) ORDER BY id`,
      [[winner.id, runnerUp.id, third.id]],
    );
    const cents = (money: string) => Number(money.replace('.', ''));
    expect(cents(after[0]!.balance) - cents(before[0]!.balance)).toBe(1000);
    expect(after[0]!.bonus).toBe(before[0]!.bonus);
    expect(after[1]!.balance).toBe(before[1]!.balance);
    expect(after[1]!.bonus).toBe('5.00');
    expect(after[1]!.multiplier).toBe(3);
    expect(after[2]).toMatchObject({ balance: before[2]!.balance, bonus: before[2]!.bonus });
    const ledger = await ctx.api.db.query<{ user_id: number; account: string; amount: string }>(
      `SELECT l.user_id, l.account, l.amount::text FROM ledger l
       JOIN race_prizes p ON p.transaction_id = l.transaction_id
       WHERE p.race_id = $1 ORDER BY p.position`,
      [race],
    );
    expect(ledger).toEqual([
      { user_id: winner.id, account: 'cash', amount: '10.00' },
      { user_id: runnerUp.id, account: 'bonus', amount: '5.00' },
    ]);
    expect((await leaderboard(race)).status).toBe(404);
    const history = await ctx.api.request('GET', '/api/user/history', { token: winner.token });
    expect(JSON.stringify(history.body)).toContain('Race prize: Slot sprint, place 1');
  });
});
