import { describe, expect, it } from 'vitest';
import { checkBet } from '#core/games/round.ts';
import { DICE_MAX_WINNING_VALUES, DICE_VALUES, diceTargetRange, diceWinningValues } from '#core/games/dice.ts';

const dice = (target: string, direction: 'over' | 'under', amount = '1.00') =>
  checkBet('dice', { type: 'dice', amount, target, direction });

/** "1.99" → 199: the hundredths the core works in. */
const hundredths = (target: string) => Number(target.replace('.', ''));

describe('dice: the win chance is at most 98 %, so the multiplier is at least 1.0102×', () => {
  it('accepts the last target of each direction with a 98 % chance', () => {
    for (const [target, direction] of [
      ['98.00', 'under'],
      ['1.99', 'over'],
    ] as const) {
      expect(diceWinningValues(hundredths(target), direction)).toBe(9_800);
      expect(dice(target, direction)).toEqual({
        bet: { type: 'dice', amount: '1.00', target, direction },
        stake: '1.00',
      });
    }
  });

  it('refuses the next target past it, and the extremes a malformed range once allowed', () => {
    // 98.01 under and 1.98 over are 98.01 %: 99 % of a 10-cent stake would pay 10.1 → 10 cents back.
    for (const [target, direction] of [
      ['98.01', 'under'],
      ['99.98', 'under'],
      ['1.98', 'over'],
      ['0.01', 'over'],
    ] as const)
      expect(dice(target, direction)).toEqual({ problem: 'bet_invalid' });
  });

  it('keeps the low-chance ends open in both directions', () => {
    expect(dice('0.01', 'under')).toHaveProperty('stake', '1.00');
    expect(dice('99.98', 'over')).toHaveProperty('stake', '1.00');
  });

  it('the ranges hold exactly the targets of at most 98 %, each with a multiplier of at least 1.0102', () => {
    for (const direction of ['over', 'under'] as const) {
      const { min, max } = diceTargetRange(direction);
      for (let target = 1; target <= DICE_VALUES - 2; target++) {
        const values = diceWinningValues(target, direction);
        expect(target >= min && target <= max).toBe(values <= DICE_MAX_WINNING_VALUES);
        if (values <= DICE_MAX_WINNING_VALUES) expect(9900 / values).toBeGreaterThanOrEqual(1.0102);
      }
    }
  });
});
