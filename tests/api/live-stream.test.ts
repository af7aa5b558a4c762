/**
 * The live stream (docs/live-stream.md): stream tickets, the `balance` and `bet` events read by a
 * real SSE client over HTTP, heartbeats, `Last-Event-ID` resumption and, on PostgreSQL, an event
 * committed on one node reaching a stream on another.
 */
import { describe, expect, it } from 'vitest';
import { manualClock } from '#server/base/clock.ts';
import { createApp } from '#server/app.ts';
import { openPostgres } from '#server/db/postgres.ts';
import { Lifecycle } from '#server/ops/lifecycle.ts';
import { useTestApi } from './harness.ts';
import { isBet, useLiveStreams } from './fixtures/live-streams.ts';
import { serveOnLoopback, type SseMessage } from './fixtures/sse-client.ts';

const clock = manualClock();
const ctx = useTestApi({}, { clock });
const { served, open, stream: streamHere, ticketFor, playDiceRound } = useLiveStreams(ctx);
const node = {
  get origin() {
    return served.node!.origin;
  },
};
const stream = (origin: string, query = '', headers: Record<string, string> = {}) => streamHere(query, headers, origin);

/** Another API node: its own app, lifecycle and bus (and LISTEN), on `services`' database. */
async function anotherNode(services = ctx.api.services) {
  const lifecycle = new Lifecycle();
  const served = await serveOnLoopback(createApp({ distDir: '/nonexistent-dist', services, log: () => {}, lifecycle }));
  return { ...served, lifecycle };
}

describe('stream tickets', () => {
  it('are issued only to a signed-in player, no-store, and answer {ticket} only', async () => {
    expect((await ctx.api.request('POST', '/api/stream/ticket')).status).toBe(401);
    const player = await ctx.api.player();
    const res = await ctx.api.request('POST', '/api/stream/ticket', { token: player.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(res.body)).toEqual(['ticket']);
    expect(res.body.ticket).toMatch(/^[\w-]{32}$/);
  });

  it('open a stream once: a reused, expired or unknown ticket gets 401 before anything is streamed', async () => {
    const player = await ctx.api.player();
    const ticket = await ticketFor(player.token);
    const first = await stream(node.origin, `?ticket=${ticket}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe('no-store, no-transform');

    const reused = await stream(node.origin, `?ticket=${ticket}`);
    expect(reused.status).toBe(401);
    expect(reused.headers.get('content-type')).toMatch(/^application\/json/);

    const late = await ticketFor(player.token);
    clock.advance(30);
    expect((await stream(node.origin, `?ticket=${late}`)).status).toBe(401);
    // An expired ticket is used up by the refusal: moving the clock back does not revive it.
    clock.advance(-30);
    expect((await stream(node.origin, `?ticket=${late}`)).status).toBe(401);
    clock.advance(30);
    expect((await stream(node.origin, `?ticket=${'x'.repeat(32)}`)).status).toBe(401);
    expect((await stream(node.origin, '?ticket=not-a-ticket')).status).toBe(401);

    const inTime = await ticketFor(player.token);
    clock.advance(29);
    expect((await stream(node.origin, `?ticket=${inTime}`)).status).toBe(200);
  });
});

describe('events', () => {
  it('a round sends the player their new balance, and everyone the masked bet', async () => {
    const player = await ctx.api.player({ balance: '50.00' });
    const own = await stream(node.origin, `?ticket=${await ticketFor(player.token)}`);
    const visitor = await stream(node.origin);
    expect(await own.opened()).toBe(3000);

    const { balance, round } = await playDiceRound(player.token);
    expect(round.win).toBe('3.96');
    expect(balance).toBe('51.96');
    // The stake's movement, then the payout's: each event carries the balance as it then was.
    const balances = [await own.next((m) => m.event === 'balance'), await own.next((m) => m.event === 'balance')];
    expect(balances.map((m) => m.data)).toEqual([
      { balance: '48.00', bonus_balance: '0.00', currency: 'EUR' },
      { balance: '51.96', bonus_balance: '0.00', currency: 'EUR' },
    ]);
    expect(Number(balances[1]!.id)).toBeGreaterThan(Number(balances[0]!.id));

    const bet = {
      round: round.round_id,
      game_id: 'dice',
      game: 'Dice',
      player: `${player.username.slice(0, 2)}***${player.username.at(-1)}`,
      stake: '2.00',
      payout: '3.96',
      multiplier: '1.98',
      win: true,
      currency: 'EUR',
      at: clock().toISOString(),
      high_roller: false,
    };
    expect((await visitor.next(isBet(round.round_id))).data).toEqual({ ...bet, mine: false });
    expect((await own.next(isBet(round.round_id))).data).toEqual({ ...bet, mine: true });
  });

  it('marks a bet whose stake or payout is above LIVE_HIGH_ROLLER_AMOUNT as a high roller’s', async () => {
    const { config } = ctx.api.services;
    const setting = config.highRollerAmount;
    const player = await ctx.api.player({ balance: '50.00' });
    const visitor = await stream(node.origin);
    try {
      const highRollerOf = async (amount: string) => {
        config.highRollerAmount = amount;
        const { round } = await playDiceRound(player.token);
        return (await visitor.next(isBet(round.round_id))).data.high_roller;
      };
      // Stake 2.00, payout 3.96: above 3.95 and 1.99, not above 3.96 (the payout itself).
      expect(await highRollerOf('3.95')).toBe(true);
      expect(await highRollerOf('3.96')).toBe(false);
      expect(await highRollerOf('1.99')).toBe(true);
    } finally {
      config.highRollerAmount = setting;
    }
  });

  it("a stream never carries another player's balance", async () => {
    const [watcher, other] = [await ctx.api.player(), await ctx.api.player({ balance: '10.00' })];
    const watching = await stream(node.origin, `?ticket=${await ticketFor(watcher.token)}`);
    const visitor = await stream(node.origin);
    const { round } = await playDiceRound(other.token);
    await watching.next(isBet(round.round_id));
    await visitor.next(isBet(round.round_id));
    // The bet came after both balance events of that round: none of them reached either stream.
    expect(watching.comments).toEqual([]);
    await expect(watching.next((m) => m.event === 'balance', 200)).rejects.toThrow(/no matching event/);
    await expect(visitor.next((m) => m.event === 'balance', 200)).rejects.toThrow(/no matching event/);
  });

  it('a heartbeat comment keeps an idle stream open', async () => {
    ctx.api.services.streamSettings = { heartbeatMs: 50 };
    const idle = await stream(node.origin);
    await idle.comment('heartbeat', 1000);
  });

  it('a reconnection with Last-Event-ID resumes after it, without loss, within the retention window', async () => {
    const player = await ctx.api.player({ balance: '50.00' });
    const first = await stream(node.origin, `?ticket=${await ticketFor(player.token)}`);
    const { round: one } = await playDiceRound(player.token);
    const seen = await first.next(isBet(one.round_id));
    first.close();

    // Missed while away: two rounds' balances and bets.
    const { round: two } = await playDiceRound(player.token);
    const { round: three } = await playDiceRound(player.token);
    const again = await stream(node.origin, `?ticket=${await ticketFor(player.token)}`, { 'last-event-id': seen.id! });
    const missed: SseMessage[] = [];
    while (!missed.some(isBet(three.round_id))) missed.push(await again.next());
    expect(missed.map((m) => m.event)).toEqual(['balance', 'balance', 'bet', 'balance', 'balance', 'bet']);
    expect(missed.filter((m) => m.event === 'bet').map((m) => m.data.round)).toEqual([two.round_id, three.round_id]);
    expect(missed.at(-2)!.data.balance).toBe('55.88');
    expect(missed.every((m) => Number(m.id) > Number(seen.id))).toBe(true);

    // The same through ?last_event_id= (a page's new EventSource cannot send the header) ...
    const byQuery = await stream(node.origin, `?last_event_id=${seen.id}`);
    expect((await byQuery.next((m) => m.event === 'bet')).data.round).toBe(two.round_id);
    // ... and nothing older than the retention window comes back.
    clock.advance(301);
    const tooLate = await stream(node.origin, `?last_event_id=${seen.id}`);
    await expect(tooLate.next(undefined, 200)).rejects.toThrow(/no matching event/);
  });
});

describe('a node that goes down', () => {
  it('ends its streams when its shutdown begins, so the drain does not wait on them', async () => {
    const stopping = await anotherNode();
    try {
      const client = await stream(stopping.origin);
      expect(await client.opened()).toBe(3000);
      stopping.lifecycle.beginShutdown();
      await expect(client.next(undefined, 1000)).rejects.toThrow(/stream ended/);
    } finally {
      await stopping.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('across nodes (PostgreSQL)', () => {
  it('a lost LISTEN ends the streams (they reconnect and resume), and the next stream listens again', async () => {
    const node2 = await anotherNode();
    try {
      const before = await stream(node2.origin);
      expect(await before.opened()).toBe(3000);
      // The LISTEN connections of this test's database: the harness's node (none yet, or its own) and this one.
      await ctx.api.db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query = 'LISTEN amber_stream' AND pid <> pg_backend_pid()`,
      );
      await expect(before.next(undefined, 2000)).rejects.toThrow(/stream ended/);
      const after = await stream(node2.origin);
      const player = await ctx.api.player({ balance: '50.00' });
      const { round } = await playDiceRound(player.token);
      expect((await after.next(isBet(round.round_id))).data.round).toBe(round.round_id);
    } finally {
      await node2.close();
    }
  });

  it('an event committed on one node reaches a stream on another', async () => {
    // A second node: its own app, bus and connections to the same database as the first.
    const [{ database, schema }] = (await ctx.api.db.query<{ database: string; schema: string }>(
      'SELECT current_database() AS database, current_schema() AS schema',
    )) as [{ database: string; schema: string }];
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${database}`;
    const db = await openPostgres(url.toString(), schema === 'public' ? undefined : schema);
    const second = await anotherNode({ ...ctx.api.services, db });
    try {
      const player = await ctx.api.player({ balance: '50.00' });
      const there = await stream(second.origin, `?ticket=${await ticketFor(player.token)}`);
      const visitorThere = await stream(second.origin);
      const { round } = await playDiceRound(player.token);
      expect((await there.next((m) => m.event === 'balance')).data.balance).toBe('48.00');
      expect((await there.next(isBet(round.round_id))).data.mine).toBe(true);
      expect((await visitorThere.next(isBet(round.round_id))).data.payout).toBe('3.96');
    } finally {
      for (const client of open.splice(0)) client.close();
      await second.close();
      await db.close();
    }
  });
});
