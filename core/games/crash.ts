/**
 * Crash, single player. One draw: x = int(2^32) (a uniform 32-bit integer of the stream).
 *   crash point (in hundredths) h = max(100, floor(99 × 2^32 / (2^32 − x)))
 * i.e. max(1, floor(99 / (1 − u)) / 100) with u = x / 2^32, in exact integers. The multiplier
 * rises with the time since the round opened, on the server's clock:
 *   m(t) = floor((t + 10 000)² / 1 000 000) hundredths, t in ms   (1.21× at 1 s, 4× at 10 s, 16× at 30 s)
 * The player sets an auto cash-out target T (1.01–1000.00×) and may cash out earlier by hand. The
 * round ends when m(t) reaches min(T, h): it pays stake × T if h ≥ T, else nothing. A manual
 * cash-out at time t before that pays floor(stake × m(t) / 100). The server's clock at the
 * action decides t, never the page's.
 * P(h ≥ c) = floor(99 × 2^32 / c) / 2^32 for c > 100, so a cash-out at c returns c/100 × that,
 * 99 % up to rounding (tests/unit/games/crash.test.ts checks it exactly).
 * Every cash-out point c is a bet of its own, so the stakes taken suit all of them
 * (core/games/fair-stake.ts): whole euros, where c/100 × stake is a whole number of cents, or any
 * stake from €9.50 (set by the points just above 1×), where rounding down costs at most 0.1
 * percentage point of the 99 %.
 * At session expiry an open round is settled by the auto rule: stake × T if h ≥ T, else lost.
 */
import type { Random } from './fairness.ts';
import type { BetProblem } from './resolved.ts';
import { fromCents } from '../api/money.ts';
import { positiveCents } from './stake.ts';
import { fairStakeRule, type PayWay, type StakeRule } from './fair-stake.ts';
import { multiplierHundredths } from './multiplier.ts';

export const TWO_32 = 4_294_967_296;
export const CRASH_TARGET_MIN = 101;
export const CRASH_TARGET_MAX = 100_000;
export const CRASH_RTP = '99.00';

export interface CrashBet {
  type: 'crash';
  amount: string;
  /** The auto cash-out target, e.g. "2.00". */ auto_cashout: string;
}

export interface CrashState {
  stake: bigint;
  /** Hundredths. */
  target: number;
  crash: number;
  /** When the round ended, in ms after it opened, and the multiplier paid (hundredths, 0 = lost). */
  endedAt: number | null;
  paid: number;
  finished: boolean;
}

let stakeRule: StakeRule | undefined;

/**
 * The stakes crash takes, over every cash-out point (worked out once): whole euros, on which every
 * two-decimal multiplier pays an exact number of cents, or any stake from €9.50.
 */
export function crashStakeRule(): StakeRule {
  if (stakeRule) return stakeRule;
  const two32 = BigInt(TWO_32);
  const points: PayWay[][] = [];
  for (let c = BigInt(CRASH_TARGET_MIN); c <= BigInt(CRASH_TARGET_MAX); c++)
    points.push([{ chance: [(99n * two32) / c, two32], multiplier: [c, 100n] }]);
  return (stakeRule = fairStakeRule(points));
}

export const crashTarget = (value: unknown): number | undefined =>
  multiplierHundredths(value, CRASH_TARGET_MIN, CRASH_TARGET_MAX);

export function checkCrashBet(bet: object): { bet: CrashBet; stake: string } | { problem: BetProblem } {
  const { amount, auto_cashout: target } = bet as Partial<CrashBet>;
  const cents = positiveCents(amount);
  const hundredths = crashTarget(target);
  if (cents === undefined || hundredths === undefined) return { problem: 'bet_invalid' };
  const stake = fromCents(cents);
  return { bet: { type: 'crash', amount: stake, auto_cashout: hundredthsText(hundredths) }, stake };
}

export const hundredthsText = (h: number) => `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`;

/** The crash point in hundredths from the stream's 32-bit integer x. */
export function crashPoint(x: number): number {
  const h = (99n * BigInt(TWO_32)) / BigInt(TWO_32 - x);
  return h < 100n ? 100 : Number(h);
}

/** The multiplier (hundredths) t ms after the round opened. */
export const crashMultiplierAt = (ms: number) => Math.floor((Math.max(0, Math.floor(ms)) + 10_000) ** 2 / 1_000_000);

/** The first ms at which the multiplier reaches `hundredths`. */
export function crashTimeOf(hundredths: number): number {
  let ms = Math.max(0, Math.ceil(Math.sqrt(hundredths * 1_000_000)) - 10_000 - 2);
  while (crashMultiplierAt(ms) < hundredths) ms++;
  return ms;
}

export function startCrash(bet: CrashBet, random: Random): CrashState {
  return {
    stake: positiveCents(bet.amount)!,
    target: crashTarget(bet.auto_cashout)!,
    crash: crashPoint(random.int(TWO_32)),
    endedAt: null,
    paid: 0,
    finished: false,
  };
}

/** The ms after opening at which the round ends by itself. */
export const crashEndsAt = (state: CrashState) => crashTimeOf(Math.min(state.target, state.crash));

/** Settles by the auto rule at the end time. */
function autoSettle(state: CrashState) {
  state.endedAt = crashEndsAt(state);
  state.paid = state.crash >= state.target ? state.target : 0;
  state.finished = true;
}

/**
 * The round at `elapsed` ms: `cashout` pays the current multiplier if the round is still flying;
 * `settle` (and a cash-out too late) ends it by the auto rule once its end time has passed.
 * False when there is nothing to do (the round still flies and the action is `settle`).
 */
export function actCrash(state: CrashState, action: string, elapsed: number): boolean {
  if (state.finished || (action !== 'cashout' && action !== 'settle')) return false;
  const end = crashEndsAt(state);
  // At the end ms itself the multiplier has reached the crash point (or the target) and, as an
  // auto cash-out equal to the crash point wins, a cash-out there wins that same amount.
  if (elapsed > end || (elapsed === end && action === 'settle')) {
    autoSettle(state);
    return true;
  }
  if (action === 'settle') return false;
  state.endedAt = elapsed;
  state.paid = Math.min(crashMultiplierAt(elapsed), state.target, state.crash);
  state.finished = true;
  return true;
}

export const crashExpire = (state: CrashState) => {
  if (!state.finished) autoSettle(state);
};

export const crashPayout = (state: CrashState): bigint => (state.stake * BigInt(state.paid)) / 100n;

export function crashView(state: CrashState, elapsed: number) {
  return {
    auto_cashout: hundredthsText(state.target),
    elapsed_ms: state.finished ? state.endedAt : elapsed,
    multiplier: hundredthsText(state.finished ? state.paid || state.crash : crashMultiplierAt(elapsed)),
    ...(state.finished ? { crash_point: hundredthsText(state.crash), paid: hundredthsText(state.paid) } : {}),
  };
}
