/**
 * Dice. One draw: roll = int(10000) / 100, so 0.00–99.99 with each of the 10 000 values equally
 * likely. The player picks a target t (0.01–99.98) and a direction:
 *   under wins when roll < t  → winning values = t × 100
 *   over  wins when roll > t  → winning values = 9999 − t × 100
 * Win chance = winning values / 10 000; payout multiplier = 99 / (win chance in %) = 9900 / winning values.
 * win = floor(stake in cents × 9900 / winning values) cents (rounded DOWN to the cent).
 * RTP = 99 % exactly whenever stake × 9900 is divisible by the winning values, and otherwise less
 * by under one cent per winning round.
 * The win chance is at most 98 % (9 800 winning values, multiplier 1.0102×): above it the multiplier
 * would fall under 1.01, and a win rounded down to the cent could return less than the stake
 * (99 % of €0.10 at 99 % chance pays €0.09). So under takes 0.01–98.00 and over 1.99–99.98.
 * A target's stakes keep what rounding down costs within 0.1 percentage point of the 99 % at every
 * stake the target takes (core/games/fair-stake.ts): multiples of the step on which its win is
 * exact (any stake at 2×, €0.98 at under 98.00), or any stake from its minimum (up to €9.71 where
 * no small step is exact).
 */
import type { DiceBet, DiceOutcome } from './protocol.ts';
import type { Random } from './fairness.ts';
import type { BetProblem, Resolved } from './resolved.ts';
import { fromCents as centsToString } from '../api/money.ts';
import { positiveCents } from './stake.ts';
import { fairStakeRule, type StakeRule } from './fair-stake.ts';

export const DICE_VALUES = 10_000;
/** The most winning values a bet may have: a 98 % win chance. */
export const DICE_MAX_WINNING_VALUES = 9_800;
/** 99 % in hundredths of a percent × 100: the numerator of the multiplier. */
const RETURN_NUMERATOR = 9_900n;
const TARGET = /^(\d{1,2})\.(\d{2})$/;

/** The target in hundredths (1…9998), or undefined. */
export function diceTarget(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = TARGET.exec(value);
  if (!match) return undefined;
  const hundredths = Number(match[1]) * 100 + Number(match[2]);
  return hundredths >= 1 && hundredths <= DICE_VALUES - 2 ? hundredths : undefined;
}

/** How many of the 10 000 rolls win. */
export function diceWinningValues(target: number, direction: 'over' | 'under'): number {
  return direction === 'under' ? target : DICE_VALUES - 1 - target;
}

/** The targets a direction accepts, in hundredths: those with a win chance of at most 98 %. */
export function diceTargetRange(direction: 'over' | 'under'): { min: number; max: number } {
  return direction === 'under'
    ? { min: 1, max: DICE_MAX_WINNING_VALUES }
    : { min: DICE_VALUES - 1 - DICE_MAX_WINNING_VALUES, max: DICE_VALUES - 2 };
}

/** The target in hundredths when it is well formed and allowed for the direction, else undefined. */
export function diceTargetFor(value: unknown, direction: 'over' | 'under'): number | undefined {
  const target = diceTarget(value);
  const { min, max } = diceTargetRange(direction);
  return target !== undefined && target >= min && target <= max ? target : undefined;
}

/** The stakes a target takes (rounding costs at most 0.1 percentage point of the RTP). */
export function diceStakeRule(target: number, direction: 'over' | 'under'): StakeRule {
  const winning = BigInt(diceWinningValues(target, direction));
  return fairStakeRule([[{ chance: [winning, BigInt(DICE_VALUES)], multiplier: [RETURN_NUMERATOR, winning] }]]);
}

export function checkDiceBet(bet: object): { bet: DiceBet; stake: string } | { problem: BetProblem } {
  const { amount, target, direction } = bet as Partial<DiceBet>;
  const cents = positiveCents(amount);
  if (cents === undefined || (direction !== 'over' && direction !== 'under')) return { problem: 'bet_invalid' };
  if (diceTargetFor(target, direction) === undefined) return { problem: 'bet_invalid' };
  const stake = centsToString(cents);
  return { bet: { type: 'dice', amount: stake, target: target!, direction }, stake };
}

export function resolveDice(bet: DiceBet, random: Random): Resolved<DiceOutcome> {
  const roll = random.int(DICE_VALUES);
  const target = diceTarget(bet.target)!;
  const stake = positiveCents(bet.amount)!;
  const wins = bet.direction === 'under' ? roll < target : roll > target;
  const win = wins ? (stake * RETURN_NUMERATOR) / BigInt(diceWinningValues(target, bet.direction)) : 0n;
  return {
    outcome: { type: 'dice', roll: centsToString(BigInt(roll)) },
    stake: centsToString(stake),
    win: centsToString(win),
  };
}
