import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { verifyStepRound } from '../../core/games/steps.ts';
import { toCents, fromCents } from '../../core/api/money.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { launchSession } from './fixtures/game-launch.ts';

/**
 * Multi-step rounds through the provider API, real money through the wallet, on PGlite
 * and (DATABASE_URL) PostgreSQL. The server's clock is moved, never waited for.
 */
const clock = manualClock(new Date('2026-03-02T10:00:00Z'));
const ctx = useTestApi({ GAME_SESSION_HOURS: '1' }, { clock });

const launch = (game: string, token?: string) => launchSession(ctx.api, game, { token });
const api = (path: string, body?: unknown) =>
  ctx.api.request(body === undefined ? 'GET' : 'POST', `/demo-games/api/sessions/${path}`, { body, encrypt: false });
const open = (session: string, bet: Record<string, unknown>) => api(`${session}/rounds`, { bet });
const act = (session: string, round: string, body: Record<string, unknown>) =>
  api(`${session}/rounds/${round}/actions`, body);
let ids = 0;
const actionId = () => `a${++ids}`;
const cents = (value: string) => toCents(value)!;

/** Opens blackjack rounds until one is still open with `hit` allowed (a dealt blackjack settles at once). */
async function openBlackjack(session: string, amount = '10.00') {
  for (;;) {
    const res = await open(session, { type: 'blackjack', amount });
    expect(res.status).toBe(200);
    if (res.body.round.state === 'open' && res.body.round.actions.includes('hit')) return res.body;
  }
}

describe('multi-step rounds', () => {
  it('blackjack, real money: deal, hit, stand; balance moves by exactly payout − stakes; hole card hid', async () => {
    const player = await ctx.api.player({ balance: '500.00' });
    const session = await launch('blackjack', player.token);
    const start = cents(await balanceOf(ctx.api, player.id));
    const opened = await openBlackjack(session);
    const round = opened.round;
    expect(round).toMatchObject({ state: 'open', stake: '10.00', win: null, view: { type: 'blackjack', active: 0 } });
    expect(round.view.dealer.cards).toHaveLength(1);
    expect(round.view.player[0].cards).toHaveLength(2);
    expect(JSON.stringify(round.view)).not.toMatch(/positions|shoe/);
    // GET on the session returns the open round (a reload resumes it).
    expect((await api(session)).body.open_round).toMatchObject({ id: round.id, state: 'open' });
    let last = await act(session, round.id, { action: 'hit', action_id: actionId() });
    expect(last.status).toBe(200);
    if (last.body.round.state === 'open')
      last = await act(session, round.id, { action: 'stand', action_id: actionId() });
    expect(last.status).toBe(200);
    const done = last.body.round;
    expect(done.state).toBe('settled');
    expect(done.view.dealer.cards.length).toBeGreaterThanOrEqual(2);
    // Every round of this session: settled; the balance is the start minus stakes plus payouts.
    const rows = await ctx.api.db.query<{ stake: string; win: string; state: string }>(
      'SELECT stake::text, win::text, state FROM game_rounds WHERE session_id = $1',
      [session],
    );
    expect(rows.every((row) => row.state === 'settled')).toBe(true);
    const net = rows.reduce((sum, row) => sum - cents(row.stake) + cents(row.win), 0n);
    expect(await balanceOf(ctx.api, player.id)).toBe(fromCents(start + net));
    expect(last.body.balance).toBe(fromCents(start + net));
    // One win per round through the wallet, 0 included.
    const wins = await ctx.api.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM wallet_transactions WHERE kind = 'win' AND round_id = $1`,
      [round.id],
    );
    expect(wins[0]!.n).toBe(1);
    expect((await api(session)).body.open_round).toBeNull();
    expect((await act(session, round.id, { action: 'hit', action_id: actionId() })).status).toBe(409);
  });

  it('mines, real money: reveal, cash out; balance moves by exactly payout − stake; mines hidden', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    const session = await launch('mines', player.token);
    for (;;) {
      const opened = await open(session, { type: 'mines', amount: '4.00', mines: 1 });
      expect(opened.status).toBe(200);
      expect(opened.body.round).toMatchObject({
        state: 'open',
        actions: ['reveal'],
        view: { type: 'mines', mines: 1, revealed: [], multiplier: '1.0000' },
      });
      expect(opened.body.round.view).not.toHaveProperty('positions');
      const id = opened.body.round.id;
      const revealed = await act(session, id, { action: 'reveal', cell: 12, action_id: actionId() });
      expect(revealed.status).toBe(200);
      if (revealed.body.round.state === 'settled') {
        expect(revealed.body.round).toMatchObject({ win: '0.00', view: { hit: 12 } });
        continue;
      }
      expect(revealed.body.round.view).toMatchObject({ revealed: [12], multiplier: '1.0312', cashout: '4.12' });
      expect(revealed.body.round.view).not.toHaveProperty('positions');
      const cashed = await act(session, id, { action: 'cashout', action_id: actionId() });
      expect(cashed.body.round).toMatchObject({ state: 'settled', win: '4.12' });
      expect(cashed.body.round.view.positions).toHaveLength(1);
      break;
    }
    const rows = await ctx.api.db.query<{ stake: string; win: string }>(
      'SELECT stake::text, win::text FROM game_rounds WHERE session_id = $1',
      [session],
    );
    const net = rows.reduce((sum, row) => sum - cents(row.stake) + cents(row.win), 0n);
    expect(await balanceOf(ctx.api, player.id)).toBe(fromCents(10_000n + net));
    // A bad cell or action is refused and changes nothing.
    const next = await open(session, { type: 'mines', amount: '1.00', mines: 2 });
    expect((await act(session, next.body.round.id, { action: 'reveal', cell: 25, action_id: actionId() })).status).toBe(
      400,
    );
    expect((await act(session, next.body.round.id, { action: 'cashout', action_id: actionId() })).status).toBe(400);
    expect((await act(session, next.body.round.id, { action: 'reveal', cell: 1 })).status).toBe(400);
    expect((await open(session, { type: 'mines', amount: '1.00', mines: 2 })).status).toBe(409);
  });

  it('20 parallel hits with one action_id play once', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    const session = await launch('blackjack', player.token);
    const { round } = await openBlackjack(session);
    const id = actionId();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => act(session, round.id, { action: 'hit', action_id: id })),
    );
    expect(results.map((res) => res.status)).toEqual(Array(20).fill(200));
    const [row] = await ctx.api.db.query<{ actions: unknown[] }>('SELECT actions FROM game_rounds WHERE id = $1', [
      round.id,
    ]);
    expect(row!.actions).toHaveLength(1);
    for (const res of results) expect(res.body.round.view.player[0].cards).toHaveLength(3);
    expect((await act(session, round.id, { action: 'stand', action_id: id })).status).toBe(409);
  });

  it('20 parallel different actions on one round play one after another, none lost', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    const session = await launch('mines', player.token);
    const { round } = (await open(session, { type: 'mines', amount: '1.00', mines: 1 })).body;
    const sent = Array.from({ length: 20 }, (_, cell) => ({ action: 'reveal', cell, action_id: actionId() }));
    const results = await Promise.all(sent.map((body) => act(session, round.id, body)));
    const [row] = await ctx.api.db.query<{ actions: { action_id: string; cell: number }[]; state: string }>(
      'SELECT actions, state FROM game_rounds WHERE id = $1',
      [round.id],
    );
    const played = results.filter((res) => res.status === 200);
    // Every 200 is a recorded action; every other answer came after the round ended on the mine.
    expect(played).toHaveLength(row!.actions.length);
    expect(results.filter((res) => res.status === 409)).toHaveLength(20 - played.length);
    if (row!.state === 'open') expect(played).toHaveLength(20);
    // In order: each answer saw exactly the actions recorded before it, plus its own.
    const order = row!.actions.map((action) => action.action_id);
    for (const res of played) {
      const index = res.body.round.history.length - 1;
      expect(res.body.round.history.map((action: { action_id: string }) => action.action_id)).toEqual(
        order.slice(0, index + 1),
      );
    }
  });

  it('a round open at session expiry is settled by its rule (mines: cash out revealed; blackjack: stand)', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    const mines = await launch('mines', player.token);
    const blackjack = await launch('blackjack', player.token);
    let minesRound: string;
    let expected: string;
    for (;;) {
      const { round } = (await open(mines, { type: 'mines', amount: '2.00', mines: 1 })).body;
      const res = await act(mines, round.id, { action: 'reveal', cell: 0, action_id: actionId() });
      if (res.body.round.state === 'open') {
        minesRound = round.id;
        expected = res.body.round.view.cashout;
        break;
      }
    }
    const bj = (await openBlackjack(blackjack, '3.00')).round;
    clock.advance(3600);
    expect((await api(mines)).status).toBe(410);
    expect((await api(blackjack)).status).toBe(410);
    const [m] = await ctx.api.db.query<{ state: string; win: string; actions: { action: string }[] }>(
      'SELECT state, win::text, actions FROM game_rounds WHERE id = $1',
      [minesRound],
    );
    expect(m).toMatchObject({ state: 'settled', win: expected });
    expect(m!.actions.at(-1)).toEqual({ action_id: 'expire', action: 'expire' });
    const [b] = await ctx.api.db.query<{ state: string; outcome: { dealer: { total: number } } }>(
      'SELECT state, outcome FROM game_rounds WHERE id = $1',
      [bj.id],
    );
    expect(b!.state).toBe('settled');
    expect(b!.outcome.dealer.total).toBeGreaterThanOrEqual(17);
    const rows = await ctx.api.db.query<{ stake: string; win: string }>(
      'SELECT stake::text, win::text FROM game_rounds WHERE user_id = $1',
      [player.id],
    );
    const net = rows.reduce((sum, row) => sum - cents(row.stake) + cents(row.win), 0n);
    expect(await balanceOf(ctx.api, player.id)).toBe(fromCents(10_000n + net));
    const unsettled = await ctx.api.db.query(
      `SELECT 1 FROM wallet_transactions b WHERE b.user_id = $1 AND b.kind = 'bet' AND NOT EXISTS (SELECT ` +
        `1 FROM wallet_transactions w WHERE w.reference_id = b.id AND w.kind = 'win')`,
      [player.id],
    );
    expect(unsettled).toHaveLength(0);
  });

  it('Verify recomputes a finished round from the revealed seed and the recorded actions', async () => {
    const session = await launch('blackjack');
    const { round } = await openBlackjack(session);
    const last = await act(session, round.id, { action: 'double', action_id: actionId() });
    expect(last.body.round.state).toBe('settled');
    expect(last.body.round.stake).toBe('20.00');
    expect((await api(`${session}/seeds`, { client_seed: 'after' })).status).toBe(200);
    const listed = (await api(session)).body.rounds.find((r: { round_id: string }) => r.round_id === round.id);
    expect(listed.server_seed).toMatch(/^[0-9a-f]{64}$/);
    const verified = await verifyStepRound(
      { serverSeed: listed.server_seed, clientSeed: listed.client_seed, nonce: listed.nonce },
      'blackjack',
      listed.bet,
      listed.actions,
    );
    expect(verified).toEqual({ finished: true, stake: listed.stake, win: listed.win, view: listed.outcome });
    // A tampered record does not verify.
    const other = await verifyStepRound(
      { serverSeed: listed.server_seed, clientSeed: listed.client_seed, nonce: listed.nonce + 1 },
      'blackjack',
      listed.bet,
      [],
    );
    expect(other.view).not.toEqual(listed.outcome);
    void last;
  });

  it('crash: the server clock decides the cash-out multiplier', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    const session = await launch('crash', player.token);
    const { round } = (await open(session, { type: 'crash', amount: '10.00', auto_cashout: '5.00' })).body;
    expect(round).toMatchObject({
      state: 'open',
      actions: ['cashout'],
      view: { type: 'crash', auto_cashout: '5.00', elapsed_ms: 0, multiplier: '1.00' },
    });
    clock.advance(1);
    const res = await act(session, round.id, { action: 'cashout', action_id: actionId(), multiplier: '4.00' });
    expect(res.body.round.state).toBe('settled');
    const crash = Number(res.body.round.view.crash_point);
    expect(res.body.round.win).toBe(crash >= 1.21 ? '12.10' : '0.00');
    expect(await balanceOf(ctx.api, player.id)).toBe(fromCents(10_000n - 1000n + cents(res.body.round.win)));
  });

  it('the loss limit counts open stakes: a second stake or a double that would not fit is refused', async () => {
    // A deal that settles at once (a natural) would count against the limit before the test
    // starts, so each try is a fresh player whose only stake is the open round.
    const fresh = async () => {
      const player = await ctx.api.player({ balance: '100.00' });
      expect(
        (
          await ctx.api.request('PATCH', '/api/user/responsible-gaming', {
            token: player.token,
            body: { loss_limits: { day: '15.00' } },
          })
        ).status,
      ).toBe(200);
      const blackjack = await launch('blackjack', player.token);
      const res = await open(blackjack, { type: 'blackjack', amount: '8.00' });
      expect(res.status).toBe(200);
      return { player, blackjack, round: res.body.round };
    };
    let attempt = await fresh();
    while (!(attempt.round.state === 'open' && attempt.round.actions.includes('hit'))) attempt = await fresh();
    const { player, blackjack, round } = attempt;
    const mines = await launch('mines', player.token);
    // 8.00 open counts as lost: 7.00 of room is left; a double (8.00 more) does not fit.
    expect((await open(mines, { type: 'mines', amount: '7.01', mines: 3 })).status).toBe(403);
    const doubled = await act(blackjack, round.id, { action: 'double', action_id: actionId() });
    if (round.actions.includes('double')) expect(doubled.status).toBe(403);
    const used = (
      await ctx.api.db.query<{ stake: string }>('SELECT stake::text FROM game_rounds WHERE id = $1', [round.id])
    )[0]!.stake;
    expect(used).toBe('8.00');
    expect((await open(mines, { type: 'mines', amount: '7.00', mines: 3 })).status).toBe(200);
  });
});
