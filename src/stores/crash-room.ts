/**
 * The shared crash room's page state (docs/multiplayer-crash.md), without the DOM: the room from
 * GET /api/crash-room, kept current by the `crash` events of the page's one live stream; the
 * multiplier drawn from the server's clock (the offset measured when the state arrived) on the
 * published curve of core; the player's own bet and cash-out with their submit states; the Verify
 * check. src/scripts/crash-room.ts binds it to the markup of CrashRoom.astro.
 */
import { atom } from 'nanostores';
import type { CrashRoomBet, CrashRoomState, Money } from '../../core/api/contract';
import { fromCents, normaliseAmount, toCents } from '../../core/api/money';
import { crashMultiplierAt, hundredthsText } from '../../core/games/crash';
import { crashPointOfGame, isGameHash, previousGameHash } from '../../core/games/crash-chain';

/** How many past games the history strip shows (as the server sends them). */
export const HISTORY_LENGTH = 50;
/**
 * How long the page keeps showing a crash once the next game opens for bets (at once, on the
 * server): long enough to read the crash point, while the new game already takes bets.
 */
export const CRASH_SHOWN_MS = 2500;
/** Auto cash-out targets the server takes (docs/multiplayer-crash.md, refusals). */
const AUTO_MIN = 101n;
const AUTO_MAX = 10_000_000n;

export type Phase = 'off' | 'betting' | 'rising' | 'crashed';
export interface RoomPlayer {
  player: string | null;
  stake: Money;
  paid: string | null;
}
export interface PastGame {
  game: number;
  crash_point: string;
  hash: string;
}
export interface Room {
  phase: Phase;
  game: number | null;
  /** The server's time the multiplier starts rising (ms since the epoch). */
  risesAt: number | null;
  /** Set once the game crashed. */
  crashPoint: string | null;
  players: RoomPlayer[];
  history: PastGame[];
  commitment: CrashRoomState['commitment'];
  currency: string;
}

/** The player's own bet in the running (or just crashed) game. */
export interface MyBet {
  game: number;
  stake: Money;
  autoCashout: string | null;
  /** The multiplier paid ("0.00" when lost), once settled. */
  paid: string | null;
  win: Money | null;
}

/** A refusal to show: the server's own localized text, or one of the page's message keys. */
export type RoomError = { detail: string } | { key: 'stake_invalid' | 'auto_invalid' | 'network' | 'failed' };
export type Submit = { state: 'idle' } | { state: 'sending' } | { state: 'error'; error: RoomError };

export interface CrashEvent {
  type: 'betting' | 'bet' | 'cashout' | 'crashed';
  game: number;
  currency: string;
  rises_at?: string;
  player?: string | null;
  stake?: string;
  multiplier?: string;
  crash_point?: string;
  hash?: string;
}

export interface RoomApi {
  bet(body: { amount: string; auto_cashout?: string }): Promise<CrashRoomBet>;
  cashOut(): Promise<CrashRoomBet>;
  mine(): Promise<{ bet: CrashRoomBet | null }>;
}

const hundredthsOf = (text: string) => Number(toCents(text) ?? 0n);

/** What a stake pays at a multiplier (hundredths), rounded down to the cent as the server pays it. */
export const payoutAt = (stake: Money, hundredths: number): Money =>
  fromCents(((toCents(stake) ?? 0n) * BigInt(hundredths)) / 100n);

/** Only a payout above the stake is a win (UKGC RTS 7); a return at or below it never is. */
export const isWin = (bet: Pick<MyBet, 'stake' | 'win'>) =>
  bet.win !== null && (toCents(bet.win) ?? 0n) > (toCents(bet.stake) ?? 0n);

/** The message key an API failure maps to when the server sent no text of its own. */
export function roomError(reason: unknown): RoomError {
  const failure = reason as { status?: unknown; detail?: unknown } | null;
  if (failure && typeof failure.detail === 'string' && failure.detail) return { detail: failure.detail };
  return { key: failure?.status === 0 ? 'network' : 'failed' };
}

/** The stake and optional target as the API takes them, or the key of what is wrong with them. */
export function checkBetForm(
  stakeText: string,
  autoText: string,
): { body: { amount: string; auto_cashout?: string } } | { error: RoomError } {
  const stake = toCents(normaliseAmount(stakeText));
  if (stake === undefined || stake === 0n) return { error: { key: 'stake_invalid' } };
  const body: { amount: string; auto_cashout?: string } = { amount: fromCents(stake) };
  if (autoText.trim() !== '') {
    const target = toCents(normaliseAmount(autoText));
    if (target === undefined || target < AUTO_MIN || target > AUTO_MAX) return { error: { key: 'auto_invalid' } };
    body.auto_cashout = fromCents(target);
  }
  return { body };
}

export interface Verification {
  hash: string;
  /** The crash point the formula gives (e.g. "1.32"). */
  crashPoint: string;
  /** SHA-256 of the hash: the previous game's hash, or the terminating hash for game 1. */
  previous: string;
  /** The game this hash is in the history (undefined when older than the strip). */
  game: number | undefined;
  /** The previous hash is the one the history (or the commitment) says it must be. */
  chain: 'match' | 'mismatch' | 'unknown';
  /** The computed crash point is the one the room showed. */
  point: 'match' | 'mismatch' | 'unknown';
}

/**
 * Recomputes a past game in the browser with core's own code: its crash point from the hash and
 * the published salt, and SHA-256 of the hash, which must be the previous game's hash (or the
 * terminating hash for game 1). Answers undefined for text that is not a game hash.
 */
export async function verifyGame(
  typed: string,
  history: readonly PastGame[],
  commitment: NonNullable<CrashRoomState['commitment']>,
): Promise<Verification | undefined> {
  const hash = typed.trim().toLowerCase();
  if (!isGameHash(hash)) return undefined;
  const crashPoint = hundredthsText(await crashPointOfGame(hash, commitment.salt));
  const previous = await previousGameHash(hash);
  const shown = history.find((past) => past.hash === hash);
  const expected = !shown
    ? undefined
    : shown.game === 1
      ? commitment.terminating_hash
      : history.find((past) => past.game === shown.game - 1)?.hash;
  // A game older than the strip, or whose predecessor scrolled off it: the chain is checked only
  // where the expected hash is known.
  const known = previous === commitment.terminating_hash || history.some((past) => past.hash === previous);
  const chain = expected !== undefined ? (previous === expected ? 'match' : 'mismatch') : known ? 'match' : 'unknown';
  const point = shown
    ? hundredthsOf(shown.crash_point) === hundredthsOf(crashPoint)
      ? 'match'
      : 'mismatch'
    : 'unknown';
  return { hash, crashPoint, previous, game: shown?.game, chain, point };
}

const emptyRoom = (): Room => ({
  phase: 'off',
  game: null,
  risesAt: null,
  crashPoint: null,
  players: [],
  history: [],
  commitment: null,
  currency: '',
});

/**
 * The room store. `now` is the page's clock (ms); the server's is `now() + offset`, the offset
 * measured when a state arrives, so the multiplier never follows a wrong clock on the device.
 */
export function createCrashRoom(api: () => Promise<RoomApi>, now: () => number = () => Date.now()) {
  const $room = atom<Room>(emptyRoom());
  const $myBet = atom<MyBet | null>(null);
  const $betSubmit = atom<Submit>({ state: 'idle' });
  const $cashOutSubmit = atom<Submit>({ state: 'idle' });
  let offset = 0;
  /** The last crash, shown until this time of the page's clock while the next game takes bets. */
  let crashShownUntil = 0;
  let lastCrash: string | null = null;

  const serverNow = () => now() + offset;
  const update = (change: Partial<Room>) => $room.set({ ...$room.get(), ...change });

  /** The phase to show: the room's, except that a crash stays on screen a moment into the next game. */
  function shownPhase(): Phase {
    const { phase } = $room.get();
    return phase === 'betting' && lastCrash !== null && now() < crashShownUntil ? 'crashed' : phase;
  }
  /** The crash point on screen while shownPhase() is `crashed`. */
  const shownCrash = () => ($room.get().phase === 'crashed' ? $room.get().crashPoint : lastCrash);

  /** The multiplier to draw now, in hundredths: 1.00× while betting, the crash point once crashed. */
  function multiplier(): number {
    const room = $room.get();
    if (shownPhase() === 'crashed') return hundredthsOf(shownCrash() ?? '1.00');
    if (room.phase !== 'rising' || room.risesAt === null) return 100;
    return crashMultiplierAt(serverNow() - room.risesAt);
  }

  /**
   * No event marks the start of the rise (it is a published time): the page moves the phase itself
   * once the server's clock passes `rises_at`. Called every frame.
   */
  function tick() {
    const room = $room.get();
    if (room.phase === 'betting' && room.risesAt !== null && serverNow() >= room.risesAt) update({ phase: 'rising' });
  }

  /** Whole seconds left to bet (0 once rising). */
  function countdown(): number {
    const room = $room.get();
    if (room.phase !== 'betting' || room.risesAt === null) return 0;
    return Math.max(0, Math.ceil((room.risesAt - serverNow()) / 1000));
  }

  /** Takes GET /api/crash-room's answer; `sentAt`/`receivedAt` bound the request in the page's clock. */
  function load(state: CrashRoomState, sentAt = now(), receivedAt = sentAt) {
    offset = Date.parse(state.now) - (sentAt + receivedAt) / 2;
    const current = state.current;
    $room.set({
      phase: !state.commitment ? 'off' : current ? current.phase : 'crashed',
      game: current?.game ?? state.history[0]?.game ?? null,
      risesAt: current ? Date.parse(current.rises_at) : null,
      crashPoint: current ? null : (state.history[0]?.crash_point ?? null),
      players: current ? current.players.map((player) => ({ ...player })) : [],
      history: state.history.slice(0, HISTORY_LENGTH),
      commitment: state.commitment,
      currency: state.currency,
    });
  }

  /** Settles the player's own open bet at the crash: its auto target paid if the crash reached it. */
  function settleMine(game: number, crashPoint: string) {
    const mine = $myBet.get();
    if (!mine || mine.game !== game || mine.paid !== null) return;
    const target = mine.autoCashout === null ? undefined : hundredthsOf(mine.autoCashout);
    const paid = target !== undefined && target <= hundredthsOf(crashPoint) ? target : 0;
    $myBet.set({ ...mine, paid: hundredthsText(paid), win: payoutAt(mine.stake, paid) });
  }

  /**
   * One `crash` event of the live stream (another currency's are not this room's). Answers true when
   * the page missed a game's crash (it ended between the room's state and the stream's first event):
   * the page then loads the room's state again, so the history strip never has a hole.
   */
  function apply(event: CrashEvent): boolean {
    const room = $room.get();
    if (room.phase === 'off' || (room.currency && event.currency !== room.currency)) return false;
    if (event.type === 'betting') {
      const missed = event.game > 1 && room.history[0]?.game !== event.game - 1;
      if (room.phase === 'crashed') {
        lastCrash = room.crashPoint;
        crashShownUntil = now() + CRASH_SHOWN_MS;
      }
      update({
        phase: 'betting',
        game: event.game,
        risesAt: Date.parse(event.rises_at ?? ''),
        crashPoint: null,
        players: [],
      });
      $cashOutSubmit.set({ state: 'idle' });
      return missed;
    }
    if (event.game !== room.game) return false;
    if (event.type === 'bet') {
      update({
        players: [...room.players, { player: event.player ?? null, stake: event.stake ?? '0.00', paid: null }],
      });
    } else if (event.type === 'cashout') {
      // Masked names may repeat: the first unpaid bet of that name and stake is the one paid.
      const index = room.players.findIndex(
        (one) => one.paid === null && one.player === (event.player ?? null) && one.stake === event.stake,
      );
      if (index < 0) return false;
      const players = room.players.slice();
      players[index] = { ...players[index]!, paid: event.multiplier ?? null };
      update({ players });
    } else if (event.type === 'crashed' && event.crash_point && event.hash) {
      const past = { game: event.game, crash_point: event.crash_point, hash: event.hash };
      update({
        phase: 'crashed',
        crashPoint: event.crash_point,
        history: [past, ...room.history.filter((one) => one.game !== event.game)].slice(0, HISTORY_LENGTH),
      });
      settleMine(event.game, event.crash_point);
    }
    return false;
  }

  /** Phase as the page announces it (aria-live): changes only when the phase does, never per tick. */
  function announcement(): { key: Phase; crash?: string } {
    const phase = shownPhase();
    return phase === 'crashed' ? { key: 'crashed', crash: shownCrash() ?? '' } : { key: phase };
  }

  const canBet = () => $room.get().phase === 'betting' && $myBet.get()?.game !== $room.get().game;
  const canCashOut = () => {
    const mine = $myBet.get();
    return $room.get().phase === 'rising' && mine !== null && mine.game === $room.get().game && mine.paid === null;
  };

  const myBetOf = (answer: CrashRoomBet): MyBet => ({
    game: answer.game,
    stake: answer.stake,
    autoCashout: answer.auto_cashout,
    paid: answer.paid,
    win: answer.win,
  });

  /** A signed-in player's bet in the running game, when the page opens during it: shown, and cashed out by hand. */
  async function restoreMine(): Promise<void> {
    try {
      const { bet } = await (await api()).mine();
      if (bet && bet.game === $room.get().game && !$myBet.get()) $myBet.set(myBetOf(bet));
    } catch {
      // Not known now: the bet still settles (its auto cash-out, or at the crash) and the balance follows.
    }
  }

  async function placeBet(stakeText: string, autoText: string): Promise<boolean> {
    if ($betSubmit.get().state === 'sending') return false;
    const checked = checkBetForm(stakeText, autoText);
    if ('error' in checked) {
      $betSubmit.set({ state: 'error', error: checked.error });
      return false;
    }
    $betSubmit.set({ state: 'sending' });
    try {
      $myBet.set(myBetOf(await (await api()).bet(checked.body)));
      $betSubmit.set({ state: 'idle' });
      return true;
    } catch (reason) {
      $betSubmit.set({ state: 'error', error: roomError(reason) });
      return false;
    }
  }

  async function cashOut(): Promise<boolean> {
    if ($cashOutSubmit.get().state === 'sending') return false;
    $cashOutSubmit.set({ state: 'sending' });
    try {
      const answer = await (await api()).cashOut();
      const mine = $myBet.get();
      if (mine && mine.game === answer.game) $myBet.set({ ...mine, paid: answer.paid, win: answer.win });
      $cashOutSubmit.set({ state: 'idle' });
      return true;
    } catch (reason) {
      $cashOutSubmit.set({ state: 'error', error: roomError(reason) });
      return false;
    }
  }

  return {
    $room,
    $myBet,
    $betSubmit,
    $cashOutSubmit,
    load,
    apply,
    tick,
    shownPhase,
    shownCrash,
    multiplier,
    countdown,
    announcement,
    canBet,
    canCashOut,
    placeBet,
    cashOut,
    restoreMine,
    serverNow,
  };
}
export type CrashRoomStore = ReturnType<typeof createCrashRoom>;
