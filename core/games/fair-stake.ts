/**
 * The smallest stake at which rounding a win down to the cent costs the player at most 0.1
 * percentage point of a bet's published return (issue 38). A bet pays in one or more exclusive
 * ways, each with its chance and its multiplier; at a stake of s cents a way pays
 * floor(s × multiplier), so it returns chance × (s × multiplier − the dropped fraction of a cent)
 * and the return lost to rounding is
 *   loss(s) = Σ chance × ((s × num) mod den) / den / s.
 * Each dropped fraction is under one cent, so loss(s) < Σ chance / s: every stake from
 * 1000 × Σ chance cents on is within the limit. Below that the loss depends on the stake, so the
 * stakes are checked one by one downwards; the first one over the limit bounds the minimum, as the
 * limit must hold for every stake a game accepts, not only the smallest.
 */

/** A fraction [numerator, denominator] of positive integers. */
export type Fraction = readonly [bigint, bigint];

/** One way a bet pays: its chance and the multiplier of the stake it returns (stake included). */
export interface PayWay {
  chance: Fraction;
  multiplier: Fraction;
}

/** The most a rounded return may lose: 0.1 percentage point, as a fraction of the stake. */
export const ROUNDING_LOSS_LIMIT: Fraction = [1n, 1000n];

/** The return lost to rounding down at `stakeCents`, as an exact fraction of the stake. */
export function roundingLoss(ways: readonly PayWay[], stakeCents: bigint): Fraction {
  let num = 0n;
  let den = 1n;
  for (const { chance, multiplier } of ways) {
    const dropped = (stakeCents * multiplier[0]) % multiplier[1];
    const termNum = chance[0] * dropped;
    const termDen = chance[1] * multiplier[1] * stakeCents;
    [num, den] = [num * termDen + termNum * den, den * termDen];
  }
  return [num, den];
}

const withinLimit = ([num, den]: Fraction) => num * ROUNDING_LOSS_LIMIT[1] <= den * ROUNDING_LOSS_LIMIT[0];

/** The smallest stake in cents from which every stake loses at most the limit to rounding. */
export function smallestFairStake(ways: readonly PayWay[]): bigint {
  let chanceNum = 0n;
  let chanceDen = 1n;
  for (const { chance } of ways)
    [chanceNum, chanceDen] = [chanceNum * chance[1] + chance[0] * chanceDen, chanceDen * chance[1]];
  // Every stake of at least `safe` cents is within the limit by the bound above.
  const safe =
    (chanceNum * ROUNDING_LOSS_LIMIT[1] + chanceDen * ROUNDING_LOSS_LIMIT[0] - 1n) /
    (chanceDen * ROUNDING_LOSS_LIMIT[0]);
  for (let stake = safe - 1n; stake >= 1n; stake--) if (!withinLimit(roundingLoss(ways, stake))) return stake + 1n;
  return 1n;
}

/**
 * Which stakes a bet takes: every multiple of `step`, where each of its wins is exact to the cent
 * (or loses within the limit: `step` is never above `anyFrom`), and every stake from `anyFrom` on.
 * A bet with exact wins (a 2× dice target) takes any stake: step 1. Where exact wins need a coarse
 * step (1.95× on multiples of €0.20, a crash cash-out on whole euros), small stakes still play.
 */
export interface StakeRule {
  step: bigint;
  anyFrom: bigint;
}

export const ANY_STAKE: StakeRule = { step: 1n, anyFrom: 1n };

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

/** The least stake in cents on which every way of a bet pays an exact number of cents. */
export function exactStep(ways: readonly PayWay[]): bigint {
  let step = 1n;
  for (const { multiplier } of ways) {
    const need = multiplier[1] / gcd(multiplier[0], multiplier[1]);
    step = (step / gcd(step, need)) * need;
  }
  return step;
}

/**
 * The rule for a bet whose player picks, after staking, one of several ways to be paid (crash's
 * cash-out point, the number of mines' safe cells): each choice is a bet of its own, so the rule
 * must hold for all of them.
 */
export function fairStakeRule(choices: readonly (readonly PayWay[])[]): StakeRule {
  let anyFrom = 1n;
  let exact = 1n;
  for (const ways of choices) {
    const fair = smallestFairStake(ways);
    if (fair > anyFrom) anyFrom = fair;
    const need = exactStep(ways);
    exact = (exact / gcd(exact, need)) * need;
  }
  return { step: exact < anyFrom ? exact : anyFrom, anyFrom };
}

export const takesStake = (rule: StakeRule, cents: bigint): boolean =>
  cents >= rule.anyFrom || cents % rule.step === 0n;

/** The least stake from `from` cents on that a rule takes. */
export function leastTakenStake(rule: StakeRule, from: bigint): bigint {
  if (from >= rule.anyFrom) return from;
  const up = ((from + rule.step - 1n) / rule.step) * rule.step;
  return up < rule.anyFrom ? up : rule.anyFrom;
}
