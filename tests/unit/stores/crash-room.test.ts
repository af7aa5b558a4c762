/**
 * The crash room's page store in Node (no DOM): the state from GET and the `crash` events, the
 * multiplier from the server's clock on core's curve, the bet and cash-out submit states, refusals
 * mapped to text, and Verify on the published test vector (docs/multiplayer-crash.md).
 */
import { describe, expect, it } from 'vitest';
import type { CrashRoomBet, CrashRoomState } from '../../../core/api/contract';
import { crashMultiplierAt } from '../../../core/games/crash';
import {
  CRASH_SHOWN_MS,
  checkBetForm,
  createCrashRoom,
  isWin,
  payoutAt,
  verifyGame,
  type RoomApi,
} from '../../../src/stores/crash-room';

// The published test vector: N = 8, games 1 … 3 of it.
const SALT = 'amberplay-crash-test-salt';
const TERMINATING = '204b2f8cc05bda1343f5300b30baaf8c650e180fca473e1fb79092de8fbc684f';
const G1 = '507b990a23082c3d9e594acbaf118107d493947ac0455ea665c8fbf878273116';
const G2 = '426c89f56b956994a06d62a899454c21f6038c58beb67636c016f89dd826905b';
const G3 = 'd5c0a1d22baa0524c4dde46b0220afb3bb9a7b2bafe61512ebea62c756edabc1';
const G4 = 'd6b7b495c5a2de1164087a5903543129bff10e35fe964e593d8a67309ec53f63';
const commitment = { terminating_hash: TERMINATING, salt: SALT, games: 8 };
const history = [
  { game: 3, crash_point: '1.12', hash: G3 },
  { game: 2, crash_point: '1.95', hash: G2 },
  { game: 1, crash_point: '1.10', hash: G1 },
];

/** The server's clock is 5 minutes ahead of the page's: the page must follow the server's. */
const SERVER_AHEAD = 300_000;
const PAGE_T0 = 1_800_000_000_000;

function state(current: CrashRoomState['current']): CrashRoomState {
  return {
    currency: 'EUR',
    now: new Date(PAGE_T0 + SERVER_AHEAD).toISOString(),
    commitment,
    current,
    history,
  };
}

function setup(api: Partial<RoomApi> = {}) {
  let pageNow = PAGE_T0;
  const room = createCrashRoom(
    async () => api as RoomApi,
    () => pageNow,
  );
  return { room, tick: (ms: number) => (pageNow += ms) };
}

const betting = (game = 4) => ({
  game,
  phase: 'betting' as const,
  rises_at: new Date(PAGE_T0 + SERVER_AHEAD + 6000).toISOString(),
  multiplier: null,
  players: [{ player: 'jo***n', stake: '5.00', paid: null }],
});

const answer = (change: Partial<CrashRoomBet> = {}): CrashRoomBet => ({
  game: 4,
  stake: '10.00',
  auto_cashout: '2.00',
  paid: null,
  win: null,
  balance: '90.00',
  ...change,
});

describe('the room from GET /api/crash-room', () => {
  it('is off without a commitment', () => {
    const { room } = setup();
    room.load({ ...state(null), commitment: null, history: [] });
    expect(room.$room.get().phase).toBe('off');
    expect(room.announcement()).toEqual({ key: 'off' });
  });

  it("counts the betting phase down and draws the rise from the server clock on core's curve", () => {
    const { room, tick } = setup();
    room.load(state(betting()));
    expect(room.$room.get()).toMatchObject({ phase: 'betting', game: 4 });
    expect(room.countdown()).toBe(6);
    expect(room.multiplier()).toBe(100);
    tick(5500);
    expect(room.countdown()).toBe(1);
    room.apply({ type: 'bet', game: 4, currency: 'EUR', player: null, stake: '2.00' });
    room.tick();
    expect(room.$room.get().phase).toBe('betting');
    tick(500);
    // No event starts the rise: the server's clock passing rises_at does (the page's is 5 min behind).
    room.tick();
    expect(room.$room.get().phase).toBe('rising');
    expect(room.canBet()).toBe(false);
    tick(10_000);
    expect(room.multiplier()).toBe(crashMultiplierAt(10_000));
    expect(room.multiplier()).toBe(400);
    expect(room.$room.get().players).toEqual([
      { player: 'jo***n', stake: '5.00', paid: null },
      { player: null, stake: '2.00', paid: null },
    ]);
  });

  it('takes the request time into the offset (the midpoint of sending and receiving)', () => {
    const { room } = setup();
    room.load(
      state({ ...betting(), phase: 'rising', rises_at: new Date(PAGE_T0 + SERVER_AHEAD).toISOString() }),
      PAGE_T0 - 200,
      PAGE_T0 + 200,
    );
    expect(room.serverNow()).toBe(PAGE_T0 + SERVER_AHEAD);
  });

  it('shows the last game crashed between games, and keeps only the 50 newest in the strip', () => {
    const { room } = setup();
    const many = Array.from({ length: 60 }, (_, index) => ({ game: 60 - index, crash_point: '2.00', hash: G1 }));
    room.load({ ...state(null), history: many });
    expect(room.$room.get()).toMatchObject({ phase: 'crashed', crashPoint: '2.00', game: 60 });
    expect(room.$room.get().history).toHaveLength(50);
  });
});

describe('crash events', () => {
  it('open a game, add players, pay cash-outs in order and crash into the history', () => {
    const { room, tick } = setup();
    room.load(state(betting()));
    room.apply({ type: 'bet', game: 4, currency: 'EUR', player: 'jo***n', stake: '5.00' });
    room.apply({ type: 'cashout', game: 4, currency: 'EUR', player: 'jo***n', stake: '5.00', multiplier: '1.50' });
    expect(room.$room.get().players.map((one) => one.paid)).toEqual(['1.50', null]);
    room.apply({ type: 'crashed', game: 4, currency: 'EUR', crash_point: '5.28', hash: G4 });
    expect(room.$room.get()).toMatchObject({ phase: 'crashed', crashPoint: '5.28' });
    expect(room.multiplier()).toBe(528);
    expect(room.announcement()).toEqual({ key: 'crashed', crash: '5.28' });
    expect(room.$room.get().history[0]).toEqual({ game: 4, crash_point: '5.28', hash: G4 });
    // The strip holds game 4, the one before game 5: nothing was missed.
    expect(
      room.apply({
        type: 'betting',
        game: 5,
        currency: 'EUR',
        rises_at: new Date(PAGE_T0 + SERVER_AHEAD + 6000).toISOString(),
      }),
    ).toBe(false);
    expect(room.$room.get()).toMatchObject({ phase: 'betting', game: 5, players: [], crashPoint: null });
    // The next game opens at once: the crash stays on screen (and announced) a moment, bets already open.
    expect(room.shownPhase()).toBe('crashed');
    expect(room.multiplier()).toBe(528);
    expect(room.announcement()).toEqual({ key: 'crashed', crash: '5.28' });
    expect(room.canBet()).toBe(true);
    tick(CRASH_SHOWN_MS);
    expect(room.shownPhase()).toBe('betting');
    expect(room.multiplier()).toBe(100);
    expect(room.announcement()).toEqual({ key: 'betting' });
  });

  it("ask for the room's state again when a game's crash never came (the strip would have a hole)", () => {
    const { room } = setup();
    room.load(state(betting()));
    // Game 4's crash went out before the page's stream opened: game 5 opens with game 4 missing.
    const rises = new Date(PAGE_T0 + SERVER_AHEAD + 6000).toISOString();
    expect(room.apply({ type: 'betting', game: 5, currency: 'EUR', rises_at: rises })).toBe(true);
    expect(room.$room.get()).toMatchObject({ phase: 'betting', game: 5 });
  });

  it('ignore another currency, another game and a cash-out of nobody in the list', () => {
    const { room } = setup();
    room.load(state(betting()));
    const before = room.$room.get();
    room.apply({ type: 'bet', game: 4, currency: 'USD', player: 'x***y', stake: '1.00' });
    room.apply({ type: 'bet', game: 3, currency: 'EUR', player: 'x***y', stake: '1.00' });
    room.apply({ type: 'cashout', game: 4, currency: 'EUR', player: 'no***e', stake: '1.00', multiplier: '2.00' });
    room.apply({ type: 'crashed', game: 4, currency: 'EUR' });
    expect(room.$room.get()).toBe(before);
  });
});

describe('betting and cashing out', () => {
  it('checks the form before any request: a stake, and a target within 1.01 … 100000.00', () => {
    expect(checkBetForm('10', '')).toEqual({ body: { amount: '10.00' } });
    expect(checkBetForm('9,5', '2')).toEqual({ body: { amount: '9.50', auto_cashout: '2.00' } });
    expect(checkBetForm('', '')).toEqual({ error: { key: 'stake_invalid' } });
    expect(checkBetForm('0', '')).toEqual({ error: { key: 'stake_invalid' } });
    expect(checkBetForm('1e3', '')).toEqual({ error: { key: 'stake_invalid' } });
    expect(checkBetForm('-5', '')).toEqual({ error: { key: 'stake_invalid' } });
    expect(checkBetForm('10', '1.00')).toEqual({ error: { key: 'auto_invalid' } });
    expect(checkBetForm('10', '100000.01')).toEqual({ error: { key: 'auto_invalid' } });
    expect(checkBetForm('10', 'abc')).toEqual({ error: { key: 'auto_invalid' } });
  });

  it("a page opened during the player's game shows their bet and lets them cash out; not another game's", async () => {
    const { room, tick } = setup({ mine: async () => ({ bet: answer() }) });
    room.load(state(betting()));
    await room.restoreMine();
    expect(room.$myBet.get()).toEqual({ game: 4, stake: '10.00', autoCashout: '2.00', paid: null, win: null });
    expect(room.canBet()).toBe(false);
    tick(6000);
    room.tick();
    expect(room.canCashOut()).toBe(true);
    const other = setup({ mine: async () => ({ bet: answer({ game: 3 }) }) });
    other.room.load(state(betting()));
    await other.room.restoreMine();
    expect(other.room.$myBet.get()).toBeNull();
    const failing = setup({
      mine: async () => {
        throw new Error('offline');
      },
    });
    failing.room.load(state(betting()));
    await failing.room.restoreMine();
    expect(failing.room.$myBet.get()).toBeNull();
  });

  it('places a bet once per game, then lets the player cash out while rising', async () => {
    const sent: unknown[] = [];
    const { room, tick } = setup({
      bet: async (body) => (sent.push(body), answer()),
      cashOut: async () => answer({ paid: '1.50', win: '15.00' }),
    });
    room.load(state(betting()));
    expect(room.canBet()).toBe(true);
    expect(room.canCashOut()).toBe(false);
    const placing = room.placeBet('10', '2');
    expect(room.$betSubmit.get()).toEqual({ state: 'sending' });
    // A second click while the first is on its way sends nothing.
    expect(await room.placeBet('10', '2')).toBe(false);
    expect(await placing).toBe(true);
    expect(sent).toEqual([{ amount: '10.00', auto_cashout: '2.00' }]);
    expect(room.canBet()).toBe(false);
    tick(6000);
    room.tick();
    expect(room.canCashOut()).toBe(true);
    expect(await room.cashOut()).toBe(true);
    expect(room.$myBet.get()).toMatchObject({ paid: '1.50', win: '15.00' });
    expect(isWin(room.$myBet.get()!)).toBe(true);
    expect(room.canCashOut()).toBe(false);
  });

  it("shows the server's localized refusal, or a key when the server was not reached", async () => {
    const refusal = Object.assign(new Error('409'), { status: 409, detail: 'Bets for this game are closed.' });
    const { room } = setup({
      bet: async () => {
        throw refusal;
      },
      cashOut: async () => {
        throw Object.assign(new Error('offline'), { status: 0, detail: undefined });
      },
    });
    room.load(state(betting()));
    expect(await room.placeBet('10', '')).toBe(false);
    expect(room.$betSubmit.get()).toEqual({ state: 'error', error: { detail: 'Bets for this game are closed.' } });
    expect(await room.cashOut()).toBe(false);
    expect(room.$cashOutSubmit.get()).toEqual({ state: 'error', error: { key: 'network' } });
    expect(await room.placeBet('abc', '')).toBe(false);
    expect(room.$betSubmit.get()).toEqual({ state: 'error', error: { key: 'stake_invalid' } });
  });

  it('settles an open bet at the crash: the auto target paid when reached, else lost (never a win)', async () => {
    const { room } = setup({ bet: async () => answer({ auto_cashout: '5.28' }) });
    room.load(state(betting()));
    await room.placeBet('10', '5.28');
    room.apply({ type: 'crashed', game: 4, currency: 'EUR', crash_point: '5.28', hash: G4 });
    expect(room.$myBet.get()).toMatchObject({ paid: '5.28', win: '52.80' });

    const lost = setup({ bet: async () => answer({ auto_cashout: '5.29' }) });
    lost.room.load(state(betting()));
    await lost.room.placeBet('10', '5.29');
    lost.room.apply({ type: 'crashed', game: 4, currency: 'EUR', crash_point: '5.28', hash: G4 });
    expect(lost.room.$myBet.get()).toMatchObject({ paid: '0.00', win: '0.00' });
    expect(isWin(lost.room.$myBet.get()!)).toBe(false);
  });

  it('never calls a return at or below the stake a win, and pays down to the cent', () => {
    expect(isWin({ stake: '10.00', win: '10.00' })).toBe(false);
    expect(isWin({ stake: '10.00', win: '10.01' })).toBe(true);
    expect(isWin({ stake: '10.00', win: null })).toBe(false);
    expect(payoutAt('9.99', 101)).toBe('10.08');
    expect(payoutAt('0.10', 100)).toBe('0.10');
  });
});

describe('Verify', () => {
  it('recomputes every game of the published test vector and checks its link to the one before', async () => {
    await expect(verifyGame(G3, history, commitment)).resolves.toEqual({
      hash: G3,
      crashPoint: '1.12',
      previous: G2,
      game: 3,
      chain: 'match',
      point: 'match',
    });
    await expect(verifyGame(` ${G1.toUpperCase()} `, history, commitment)).resolves.toMatchObject({
      crashPoint: '1.10',
      previous: TERMINATING,
      game: 1,
      chain: 'match',
      point: 'match',
    });
  });

  it('shows a mismatch when the room showed another crash point or another chain', async () => {
    const lying = [{ game: 3, crash_point: '2.00', hash: G3 }, history[1]!, history[2]!];
    await expect(verifyGame(G3, lying, commitment)).resolves.toMatchObject({ chain: 'match', point: 'mismatch' });
    const foreign = [
      { game: 3, crash_point: '1.12', hash: G3 },
      { game: 2, crash_point: '1.95', hash: G4 },
    ];
    await expect(verifyGame(G3, foreign, commitment)).resolves.toMatchObject({ chain: 'mismatch', point: 'match' });
  });

  it('checks a game outside the strip as far as it can, and refuses text that is not a hash', async () => {
    // Game 4 follows game 3 of the strip: its link is known, its crash point (5.28×) was never shown.
    await expect(verifyGame(G4, history, commitment)).resolves.toMatchObject({
      crashPoint: '5.28',
      game: undefined,
      chain: 'match',
      point: 'unknown',
    });
    await expect(verifyGame('a'.repeat(64), [], commitment)).resolves.toMatchObject({ chain: 'unknown' });
    await expect(verifyGame('not a hash', history, commitment)).resolves.toBeUndefined();
    await expect(verifyGame(`${G1}0`, history, commitment)).resolves.toBeUndefined();
  });
});
