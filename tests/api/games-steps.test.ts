import { beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { verifyStepRound } from '../../core/games/steps.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { launchSession } from './fixtures/game-launch.ts';
import { PINNED_SERVER_SEED, PINS, pinGameSeeds, unpinGameSeedsAfterEach } from './pinned-seeds.ts';

/**
 * Multi-step rounds through the provider API, real money through the wallet, on PGlite
 * and (DATABASE_URL) PostgreSQL. The server's clock is moved, never waited for. Every session
 * plays on the pinned seeds PINS.steps: the first blackjack deal is 3♥ 6♣ against the dealer's 8♣,
 * the first mines round hides its one mine at cell 22, the first crash round crashes at 2.74.
 */
const clock = manualClock(new Date('2026-03-02T10:00:00Z'));
const ctx = useTestApi({ GAME_SESSION_HOURS: '1' }, { clock });
unpinGameSeedsAfterEach(ctx);
beforeEach(() => pinGameSeeds(ctx.api.services, PINS.steps));

const launch = (game: string, token?: string) => launchSession(ctx.api, game, { token });
const api = (path: string, body?: unknown) =>
  ctx.api.request(body === undefined ? 'GET' : 'POST', `/demo-games/api/sessions/${path}`, { body, encrypt: false });
const open = (session: string, bet: Record<string, unknown>) => api(`${session}/rounds`, { bet });
const act = (session: string, round: string, body: Record<string, unknown>) =>
  api(`${session}/rounds/${round}/actions`, body);
let ids = 0;
const actionId = () => `a${++ids}`;

/** Deals the session's first blackjack round: on PINS.steps, 3♥ 6♣ against the dealer's 8♣, still open. */
async function openBlackjack(session: string, amount = '10.00') {
  const res = await open(session, { type: 'blackjack', amount });
  expect(res.status).toBe(200);
  expect(res.body.round).toMatchObject({
    state: 'open',
    actions: ['hit', 'stand', 'double'],
    view: { dealer: { cards: ['8C'] }, player: [{ cards: ['3H', '6C'] }] },
  });
  return res.body;
}

describe('multi-step rounds', () => {
  it('blackjack, real money: deal, hit, stand; balance moves by exactly payout − stakes; hole card hid', async () => {
    const player = await ctx.api.player({ balance: '500.00' });
    const session = await launch('blackjack', player.token);
    const opened = await openBlackjack(session);
    const round = opened.round;
    expect(round).toMatchObject({ state: 'open', stake: '10.00', win: null, view: { type: 'blackjack', active: 0 } });
    expect(round.view.dealer.cards).toHaveLength(1);
    expect(round.view.player[0].cards).toHaveLength(2);
    expect(JSON.stringify(round.view)).not.toMatch(/positions|shoe/);
    // GET on the session returns the open round (a reload resumes it).
    expect((await api(session)).body.open_round).toMatchObject({ id: round.id, state: 'open' });
    const hit = await act(session, round.id, { action: 'hit', action_id: actionId() });
    expect(hit.status).toBe(200);
    expect(hit.body.round).toMatchObject({
      state: 'open',
      actions: ['hit', 'stand'],
      view: { dealer: { cards: ['8C'] }, player: [{ cards: ['3H', '6C', 'TS'], total: 19 }] },
    });
    const last = await act(session, round.id, { action: 'stand', action_id: actionId() });
    expect(last.status).toBe(200);
    // 19 against the dealer's 8♣ 3♥ 6♠ (17): even money, 20.00 back on the 10.00 stake.
    expect(last.body.round).toMatchObject({
      state: 'settled',
      stake: '10.00',
      win: '20.00',
      view: { dealer: { cards: ['8C', '3H', '6S'], total: 17 }, player: [{ cards: ['3H', '6C', 'TS'], total: 19 }] },
    });
    const rows = await ctx.api.db.query<{ stake: string; win: string; state: string }>(
      'SELECT stake::text, win::text, state FROM game_rounds WHERE session_id = $1',
      [session],
    );
    expect(rows).toEqual([{ stake: '10.00', win: '20.00', state: 'settled' }]);
    expect(await balanceOf(ctx.api, player.id)).toBe('510.00');
    expect(last.body.balance).toBe('510.00');
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
    const opened = await open(session, { type: 'mines', amount: '10.00', mines: 1 });
    expect(opened.status).toBe(200);
    expect(opened.body.round).toMatchObject({
      state: 'open',
      actions: ['reveal'],
      view: { type: 'mines', mines: 1, revealed: [], multiplier: '1.0000' },
    });
    expect(opened.body.round.view).not.toHaveProperty('positions');
    const id = opened.body.round.id;
    // The mine is at cell 22: cell 12 is safe.
    const revealed = await act(session, id, { action: 'reveal', cell: 12, action_id: actionId() });
    expect(revealed.status).toBe(200);
    expect(revealed.body.round.state).toBe('open');
    expect(revealed.body.round.view).toMatchObject({ revealed: [12], multiplier: '1.0312', cashout: '10.31' });
    expect(revealed.body.round.view).not.toHaveProperty('positions');
    const cashed = await act(session, id, { action: 'cashout', action_id: actionId() });
    expect(cashed.body.round).toMatchObject({ state: 'settled', win: '10.31', view: { positions: [22] } });
    expect(await balanceOf(ctx.api, player.id)).toBe('100.31');
    // A bad cell or action is refused and changes nothing.
    const next = await open(session, { type: 'mines', amount: '9.00', mines: 2 });
    expect((await act(session, next.body.round.id, { action: 'reveal', cell: 25, action_id: actionId() })).status).toBe(
      400,
    );
    expect((await act(session, next.body.round.id, { action: 'cashout', action_id: actionId() })).status).toBe(400);
    expect((await act(session, next.body.round.id, { action: 'reveal', cell: 1 })).status).toBe(400);
    expect((await open(session, { type: 'mines', amount: '9.00', mines: 2 })).status).toBe(409);
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
    for (const res of results) expect(res.body.round.view.player[0].cards).toEqual(['3H', '6C', 'TS']);
    expect((await act(session, round.id, { action: 'stand', action_id: id })).status).toBe(409);
  });

  it('20 parallel different actions on one round play one after another, none lost', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    const session = await launch('mines', player.token);
    const { round } = (await open(session, { type: 'mines', amount: '10.00', mines: 1 })).body;
    const sent = Array.from({ length: 20 }, (_, cell) => ({ action: 'reveal', cell, action_id: actionId() }));
    const results = await Promise.all(sent.map((body) => act(session, round.id, body)));
    const [row] = await ctx.api.db.query<{ actions: { action_id: string; cell: number }[]; state: string }>(
      'SELECT actions, state FROM game_rounds WHERE id = $1',
      [round.id],
    );
    // The mine is at cell 22: cells 0 to 19 are all safe, so every reveal plays and the round stays open.
    expect(results.map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(row!.state).toBe('open');
    expect(row!.actions.map((action) => action.cell).sort((a, b) => a - b)).toEqual(sent.map((body) => body.cell));
    // In order: each answer saw exactly the actions recorded before it, plus its own.
    const order = row!.actions.map((action) => action.action_id);
    for (const res of results) {
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
    const minesRound = (await open(mines, { type: 'mines', amount: '10.00', mines: 1 })).body.round.id;
    const revealed = await act(mines, minesRound, { action: 'reveal', cell: 0, action_id: actionId() });
    expect(revealed.body.round).toMatchObject({ state: 'open', view: { cashout: '10.31' } });
    const bj = (await openBlackjack(blackjack, '3.00')).round;
    clock.advance(3600);
    expect((await api(mines)).status).toBe(410);
    expect((await api(blackjack)).status).toBe(410);
    const [m] = await ctx.api.db.query<{ state: string; win: string; actions: { action: string }[] }>(
      'SELECT state, win::text, actions FROM game_rounds WHERE id = $1',
      [minesRound],
    );
    expect(m).toMatchObject({ state: 'settled', win: '10.31' });
    expect(m!.actions.at(-1)).toEqual({ action_id: 'expire', action: 'expire' });
    // Blackjack stands: the player's 9 against the dealer's 8♣ 3♥ T♠ (21) loses the 3.00.
    const [b] = await ctx.api.db.query<{ state: string; win: string; outcome: { dealer: unknown } }>(
      'SELECT state, win::text, outcome FROM game_rounds WHERE id = $1',
      [bj.id],
    );
    expect(b).toMatchObject({
      state: 'settled',
      win: '0.00',
      outcome: { dealer: { cards: ['8C', '3H', 'TS'], total: 21 } },
    });
    // 100.00 − 10.00 + 10.31 − 3.00.
    expect(await balanceOf(ctx.api, player.id)).toBe('97.31');
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
    // Doubled 9 draws T♠: 19 against 17 pays 40.00 on the 20.00 stake.
    expect(last.body.round).toMatchObject({ state: 'settled', stake: '20.00', win: '40.00' });
    expect((await api(`${session}/seeds`, { client_seed: 'after' })).status).toBe(200);
    const listed = (await api(session)).body.rounds.find((r: { round_id: string }) => r.round_id === round.id);
    expect(listed).toMatchObject({ server_seed: PINNED_SERVER_SEED, client_seed: PINS.steps, nonce: 1 });
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
    // One second in, the multiplier is 1.21 (the page's 4.00 is ignored); the round would crash at 2.74.
    expect(res.body.round).toMatchObject({ state: 'settled', win: '12.10', view: { crash_point: '2.74' } });
    expect(await balanceOf(ctx.api, player.id)).toBe('102.10');
  });

  it('the loss limit counts open stakes: a second stake or a double that would not fit is refused', async () => {
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
    // The pinned deal stays open with double allowed.
    const { round } = await openBlackjack(blackjack, '8.00');
    const mines = await launch('mines', player.token);
    // 8.00 open counts as lost: 7.00 of room is left; a double (8.00 more) does not fit.
    expect((await open(mines, { type: 'mines', amount: '7.01', mines: 24 })).status).toBe(403);
    const doubled = await act(blackjack, round.id, { action: 'double', action_id: actionId() });
    expect(doubled.status).toBe(403);
    const used = (
      await ctx.api.db.query<{ stake: string }>('SELECT stake::text FROM game_rounds WHERE id = $1', [round.id])
    )[0]!.stake;
    expect(used).toBe('8.00');
    expect((await open(mines, { type: 'mines', amount: '7.00', mines: 24 })).status).toBe(200);
  });
});
