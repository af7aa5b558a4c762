/**
 * The stake after the game page's ½ and 2× buttons (and their A and S keys): halved to the cent
 * below or doubled, kept within the title's range, then moved up to a stake the chosen bet takes
 * (core/games/fair-stake.ts), or down to the largest one it takes where up would pass the maximum.
 * A field that holds no amount starts again from the minimum. Amounts are cents in a BigInt.
 */
import { fromCents, toCents, normaliseAmount } from '../api/money.ts';
import type { Money } from '../api/contract.ts';
import { ANY_STAKE, leastTakenStake, type StakeRule } from './fair-stake.ts';

export type QuickStakeChange = 'half' | 'double';

export function quickStake(
  current: string,
  change: QuickStakeChange,
  range: { min: Money; max: Money },
  rule: StakeRule = ANY_STAKE,
): Money {
  const low = toCents(range.min)!;
  const high = toCents(range.max)!;
  const cents = toCents(normaliseAmount(current));
  let next = cents === undefined ? low : change === 'half' ? cents / 2n : cents * 2n;
  if (next < low) next = low;
  if (next > high) next = high;
  const up = leastTakenStake(rule, next);
  if (up <= high) return fromCents(up);
  const down = high >= rule.anyFrom ? high : (high / rule.step) * rule.step;
  return fromCents(down >= low ? down : low);
}
