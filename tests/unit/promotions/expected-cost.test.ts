import { describe, expect, it } from 'vitest';
import { expectedWageringCost } from '../../../core/promotions/expected-cost.ts';
import { GAME_CATALOGUE } from '../../../core/games/catalogue.ts';

/** An independent reading of the rule in docs/promotions.md, with decimals as plain fractions by hand. */
describe('the expected cost of meeting an offer’s wagering', () => {
  it('is bonus × multiple × contribution-weighted house edge, to the cent', () => {
    // 100.00 bonus, 10×: 1,000.00 to wager. Dice (RTP 99.00, edge 1 %) counts 100 %, European roulette
    // (RTP 97.30, edge 2.7 %) counts 50 %: weighted edge (100·1 + 50·2.7) / 150 = 2.35 / 150 % → 15.666… → 15.67.
    expect(
      expectedWageringCost('100.00', 10, [
        { rtp: '99.00', contribution: 100 },
        { rtp: '97.30', contribution: 50 },
      ]),
    ).toBe('15.67');
  });

  it('matches a floating-point computation over the real registry’s RTPs', () => {
    const games = GAME_CATALOGUE.map((game, index) => ({ rtp: game.rtp, contribution: [100, 50, 10][index % 3]! }));
    const weights = games.reduce((sum, game) => sum + game.contribution, 0);
    const edge = games.reduce((sum, game) => sum + game.contribution * (1 - Number(game.rtp) / 100), 0) / weights;
    const independent = (Math.round(250 * 8 * edge * 100) / 100).toFixed(2);
    expect(expectedWageringCost('250.00', 8, games)).toBe(independent);
  });

  it('costs nothing without wagering or without a counting game; a non-counting game does not dilute', () => {
    expect(expectedWageringCost('50.00', 0, [{ rtp: '95.40', contribution: 100 }])).toBe('0.00');
    expect(expectedWageringCost('50.00', 5, [{ rtp: '95.40', contribution: 0 }])).toBe('0.00');
    // 50 × 5 × 4.6 % = 11.50, with a 0 % game beside it changing nothing.
    expect(
      expectedWageringCost('50.00', 5, [
        { rtp: '95.40', contribution: 100 },
        { rtp: '99.00', contribution: 0 },
      ]),
    ).toBe('11.50');
  });
});
