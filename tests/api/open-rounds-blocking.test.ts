import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCents, toCents } from '../../core/api/money.ts';
import { manualClock } from '../../server/src/base/clock.ts';
import { suspendPlayer } from '../../server/src/operator/services/player-actions.ts';
import { startRoundSweep, sweepEndedRounds } from '../../server/src/services/round-sweep.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { newStaffAccount } from './operator-harness.ts';
import { launchSession } from './fixtures/game-launch.ts';
import { PINS, pinGameSeeds, unpinGameSeedsAfterEach } from './pinned-seeds.ts';

/**
 * Money on an open multi-step round is never left behind: closing, self-exclusion, time-out and
 * suspension settle the player's open rounds by their published rule first, and housekeeping
 * settles rounds of sessions that ended any other way (sign-out, expiry). PGlite and PostgreSQL.
 * Every mines round is the first of its session on the pinned seeds PINS.steps: its one mine lies at
 * cell 22, so the cells these tests reveal (12, then 3) are safe.
 */
const clock = manualClock(new Date('2026-03-02T10:00:00Z'));
const ctx = useTestApi({ GAME_SESSION_HOURS: '1' }, { clock });
unpinGameSeedsAfterEach(ctx);
beforeEach(() => pinGameSeeds(ctx.api.services, PINS.steps));

const launch = (token: string) => launchSession(ctx.api, 'mines', { token });
const api = (path: string, body?: unknown) =>
  ctx.api.request(body === undefined ? 'GET' : 'POST', `/demo-games/api/sessions/${path}`, { body, encrypt: false });
let ids = 0;
const actionId = () => `o${++ids}`;

interface OpenMines {
  player: Awaited<ReturnType<typeof ctx.api.player>>;
  session: string;
  round: string;
  /** What the round pays when cashed out (its expiry rule for mines). */
  worth: string;
}

/** What one safe cell out of 25 with one mine pays (× 25/24 × 0.99 = 1.03125, cents rounded down). */
const ONE_SAFE_CELL: Record<string, string> = { '20.00': '20.62', '50.00': '51.56' };
/** And two (× 25/23 × 0.99). */
const TWO_SAFE_CELLS: Record<string, string> = { '50.00': '53.80' };

/** A fresh player with `balance` and a mines round of `stake` with one safe cell revealed. */
async function openMines(balance: string, stake: string, verified = false): Promise<OpenMines> {
  const player = await ctx.api.player({ balance, verified });
  const session = await launch(player.token);
  const opened = await api(`${session}/rounds`, { bet: { type: 'mines', amount: stake, mines: 1 } });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const round = opened.body.round.id as string;
  const revealed = await api(`${session}/rounds/${round}/actions`, {
    action: 'reveal',
    cell: 12,
    action_id: actionId(),
  });
  expect(revealed.status).toBe(200);
  const worth = ONE_SAFE_CELL[stake]!;
  expect(revealed.body.round).toMatchObject({ state: 'open', view: { revealed: [12], cashout: worth } });
  return { player, session, round, worth };
}

async function roundOf(id: string) {
  const [row] = await ctx.api.db.query<{ state: string; win: string }>(
    'SELECT state, win::text FROM game_rounds WHERE id = $1',
    [id],
  );
  return row!;
}

const winsOf = async (round: string) =>
  (
    await ctx.api.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM wallet_transactions WHERE kind = 'win' AND round_id = $1`,
      [round],
    )
  )[0]!.n;

const plus = (a: string, b: string) => fromCents(toCents(a)! + toCents(b)!);

describe('closing settles open rounds first', () => {
  it('an unverified player with 0.00 cash and a round worth money: 409 close_unverified, the money kept', async () => {
    const open = await openMines('50.00', '50.00');
    expect(await balanceOf(ctx.api, open.player.id)).toBe('0.00');
    const res = await ctx.api.request('POST', '/api/user/close', {
      token: open.player.token,
      body: { password: open.player.password, reason: 'other' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.detail).toContain(`€${open.worth}`);
    expect(await roundOf(open.round)).toEqual({ state: 'settled', win: open.worth });
    expect(await balanceOf(ctx.api, open.player.id)).toBe(open.worth);
    const [user] = await ctx.api.db.query('SELECT closed_at FROM users WHERE id = $1', [open.player.id]);
    expect(user).toEqual({ closed_at: null });
  });

  it('a verified player is paid the round too; a cash-out racing the closure settles the round once', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const open = await openMines('100.00', '20.00', true);
      const [closed, cashed] = await Promise.all([
        ctx.api.request('POST', '/api/user/close', {
          token: open.player.token,
          body: {
            password: open.player.password,
            reason: 'other',
            method: 'bank_transfer',
            destination: 'DE89370400440532013000',
          },
        }),
        api(`${open.session}/rounds/${open.round}/actions`, { action: 'cashout', action_id: actionId() }),
      ]);
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      expect([200, 409, 410]).toContain(cashed.status);
      expect(await roundOf(open.round)).toEqual({ state: 'settled', win: open.worth });
      expect(await winsOf(open.round)).toBe(1);
      expect(closed.body.payout.amount).toBe(plus('80.00', open.worth));
      expect(await balanceOf(ctx.api, open.player.id)).toBe('0.00');
    }
  });
});

describe('time-out, self-exclusion and suspension settle open rounds first', () => {
  it('self-exclusion returns the cash and the round (10.00 + its worth)', async () => {
    const open = await openMines('60.00', '50.00');
    const res = await ctx.api.request('POST', '/api/user/self-exclusion', {
      token: open.player.token,
      body: { period: '6m', password: open.player.password, confirm: true },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await roundOf(open.round)).toEqual({ state: 'settled', win: open.worth });
    const returned = await ctx.api.db.query<{ amount: string }>(
      `SELECT amount::text FROM transactions WHERE user_id = $1 AND type = 'withdrawal'`,
      [open.player.id],
    );
    expect(returned).toEqual([{ amount: `-${plus('10.00', open.worth)}` }]);
    expect(await balanceOf(ctx.api, open.player.id)).toBe('0.00');
  });

  it('a reveal racing the self-exclusion: the round settles once and the refund holds what it paid', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const open = await openMines('60.00', '50.00');
      const [excluded] = await Promise.all([
        ctx.api.request('POST', '/api/user/self-exclusion', {
          token: open.player.token,
          body: { period: '6m', password: open.player.password, confirm: true },
        }),
        api(`${open.session}/rounds/${open.round}/actions`, { action: 'reveal', cell: 3, action_id: actionId() }),
      ]);
      expect(excluded.status).toBe(200);
      const round = await roundOf(open.round);
      // Cell 3 is safe too: the round pays one cell or, had the reveal come first, two.
      expect(round.state).toBe('settled');
      expect([open.worth, TWO_SAFE_CELLS['50.00']]).toContain(round.win);
      expect(await winsOf(open.round)).toBe(1);
      const [returned] = await ctx.api.db.query<{ amount: string }>(
        `SELECT amount::text FROM transactions WHERE user_id = $1 AND type = 'withdrawal'`,
        [open.player.id],
      );
      expect(returned!.amount).toBe(`-${plus('10.00', round.win)}`);
      expect(await balanceOf(ctx.api, open.player.id)).toBe('0.00');
    }
  });

  it('a time-out settles the round onto the balance', async () => {
    const open = await openMines('60.00', '50.00');
    const res = await ctx.api.request('POST', '/api/user/time-out', {
      token: open.player.token,
      body: { period: '7d', password: open.player.password },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await roundOf(open.round)).toEqual({ state: 'settled', win: open.worth });
    expect(await balanceOf(ctx.api, open.player.id)).toBe(plus('10.00', open.worth));
  });

  it("the operator's suspension settles the round onto the balance", async () => {
    const open = await openMines('60.00', '50.00');
    const staff = await newStaffAccount(ctx.api, 'admin');
    await suspendPlayer(ctx.api.services, staff.id, open.player.id, 'fraud check');
    expect(await roundOf(open.round)).toEqual({ state: 'settled', win: open.worth });
    expect(await balanceOf(ctx.api, open.player.id)).toBe(plus('10.00', open.worth));
  });
});

describe('housekeeping settles rounds of ended sessions', () => {
  it('signed out or token expired: settled by the sweep at once; session expired: after the hour', async () => {
    const signedOut = await openMines('60.00', '50.00');
    expect((await ctx.api.request('POST', '/auth/token/logout/', { token: signedOut.player.token })).status).toBe(204);
    const tokenGone = await openMines('60.00', '50.00');
    // As housekeeping does for a sign-in idle past TOKEN_IDLE_DAYS.
    await ctx.api.db.query('DELETE FROM auth_tokens WHERE user_id = $1', [tokenGone.player.id]);
    const expired = await openMines('60.00', '50.00');
    expect(await sweepEndedRounds(ctx.api.services)).toBe(2);
    expect((await roundOf(expired.round)).state).toBe('open');
    clock.advance(61 * 60);
    expect(await sweepEndedRounds(ctx.api.services)).toBe(1);
    for (const open of [signedOut, tokenGone, expired]) {
      expect(await roundOf(open.round)).toEqual({ state: 'settled', win: open.worth });
      expect(await balanceOf(ctx.api, open.player.id)).toBe(plus('10.00', open.worth));
      expect(await winsOf(open.round)).toBe(1);
    }
    expect(await sweepEndedRounds(ctx.api.services)).toBe(0);
  });

  it('the sweep runs every ROUND_SWEEP_SECONDS and stops when asked', async () => {
    const open = await openMines('60.00', '50.00');
    await ctx.api.db.query('DELETE FROM auth_tokens WHERE user_id = $1', [open.player.id]);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const stop = startRoundSweep(ctx.api.services);
      vi.advanceTimersByTime(ctx.api.services.config.games.roundSweepMs - 1);
      expect((await roundOf(open.round)).state).toBe('open');
      vi.advanceTimersByTime(1);
      await vi.waitFor(async () => expect((await roundOf(open.round)).state).toBe('settled'));
      stop();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
    expect(ctx.api.services.config.games.roundSweepMs).toBe(60_000);
  });

  it.runIf(process.env.DATABASE_URL)(
    'PostgreSQL: one node sweeps at a time; two at once settle each round once',
    async () => {
      const open = await openMines('60.00', '50.00');
      expect((await ctx.api.request('POST', '/auth/token/logout/', { token: open.player.token })).status).toBe(204);
      // While another node holds the sweep, this one does nothing.
      await ctx.api.db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(5301053)');
        expect(await sweepEndedRounds(ctx.api.services)).toBeUndefined();
      });
      expect((await roundOf(open.round)).state).toBe('open');
      const both = await Promise.all([sweepEndedRounds(ctx.api.services), sweepEndedRounds(ctx.api.services)]);
      expect(both.filter((settled) => settled !== undefined).reduce((a, b) => a! + b!, 0)).toBe(1);
      expect(await roundOf(open.round)).toEqual({ state: 'settled', win: open.worth });
      expect(await winsOf(open.round)).toBe(1);
    },
  );
});
