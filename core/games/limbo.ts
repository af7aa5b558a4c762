/**
 * Limbo. One draw, the same as crash's point: x = int(2^32), a uniform 32-bit integer of the stream,
 *   result (in hundredths) r = max(100, floor(99 × 2^32 / (2^32 − x)))
 * i.e. max(1, floor(99 / (1 − u)) / 100) with u = x / 2^32, in exact integers (crashPoint).
 * The player picks a target multiplier T (1.01–1,000,000.00×, two decimals, c = T in hundredths)
 * before the draw; the round wins when r ≥ c and pays floor(stake × c / 100) cents, else nothing.
 *
 * RTP, exactly. For c ≥ 101, r ≥ c ⟺ 99 × 2^32 / (2^32 − x) ≥ c ⟺ 2^32 − x ≤ 99 × 2^32 / c, and
 * 2^32 − x takes each of 1 … 2^32 once, so exactly floor(99 × 2^32 / c) of the 2^32 values win:
 *   P(win) = floor(99 × 2^32 / c) / 2^32  (= 0.99 / T up to the floor),
 *   RTP(c) = c / 100 × P(win) ∈ (0.99 − c / (100 × 2^32), 0.99],
 * exactly 99 % where c divides 99 × 2^32 (1.98×, 2.56×, 3.96×…), and at the highest target (10^8
 * hundredths) at most 0.0233 percentage point less. Published: 99.00 % (tests/unit/games/limbo.test.ts).
 *
 * The stakes a target takes keep what rounding the win down to the cent costs within 0.1
 * percentage point (core/games/fair-stake.ts): multiples of the step on which T × stake is a whole
 * number of cents (any stake at 2.00×, 0.20 at 1.05×, 1.00 at 1.01×), or any stake from the
 * target's fair minimum (at most 9.50, at the targets just above 1×). Targets of 990× and more
 * win with a chance of at most 1/1000, so every stake is within the bound there.
 */
import type { LimboBet, LimboOutcome } from './protocol.ts';
import type { Random } from './fairness.ts';
import type { BetProblem, Resolved } from './resolved.ts';
import { fromCents } from '../api/money.ts';
import { positiveCents } from './stake.ts';
import { fairStakeRule, type PayWay, type StakeRule } from './fair-stake.ts';
import { crashPoint, hundredthsText, TWO_32 } from './crash.ts';
import { multiplierHundredths } from './multiplier.ts';

/** The targets, in hundredths: 1.01× to 1,000,000.00×. */
export const LIMBO_TARGET_MIN = 101;
export const LIMBO_TARGET_MAX = 100_000_000;
export const LIMBO_RTP = '99.00';

/** The target in hundredths when it is a two-decimal string from 1.01 to 1000000.00, else undefined. */
export const limboTarget = (value: unknown): number | undefined =>
  multiplierHundredths(value, LIMBO_TARGET_MIN, LIMBO_TARGET_MAX);

/** The number of the 2^32 draws that win at a target of `hundredths`. */
export const limboWinningDraws = (hundredths: number): bigint => (99n * BigInt(TWO_32)) / BigInt(hundredths);

/** The one way a target pays: its exact chance and the multiplier T = c / 100. */
export const limboPayWay = (hundredths: number): PayWay => ({
  chance: [limboWinningDraws(hundredths), BigInt(TWO_32)],
  multiplier: [BigInt(hundredths), 100n],
});

/** The stakes a target takes (rounding costs at most 0.1 percentage point of the RTP). */
export const limboStakeRule = (hundredths: number): StakeRule => fairStakeRule([[limboPayWay(hundredths)]]);

export function checkLimboBet(bet: object): { bet: LimboBet; stake: string } | { problem: BetProblem } {
  const { amount, target } = bet as Partial<LimboBet>;
  const cents = positiveCents(amount);
  const hundredths = limboTarget(target);
  if (cents === undefined || hundredths === undefined) return { problem: 'bet_invalid' };
  const stake = fromCents(cents);
  return { bet: { type: 'limbo', amount: stake, target: hundredthsText(hundredths) }, stake };
}

export function resolveLimbo(bet: LimboBet, random: Random): Resolved<LimboOutcome> {
  const result = crashPoint(random.int(TWO_32));
  const target = limboTarget(bet.target)!;
  const stake = positiveCents(bet.amount)!;
  const win = result >= target ? (stake * BigInt(target)) / 100n : 0n;
  return {
    outcome: { type: 'limbo', result: hundredthsText(result) },
    stake: fromCents(stake),
    win: fromCents(win),
  };
}
