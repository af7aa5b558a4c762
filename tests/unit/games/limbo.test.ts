import { describe, expect, it } from 'vitest';
import { checkBet, resolveBet } from '#core/games/round.ts';
import { gameMinBet } from '#core/games/registry.ts';
import { crashPoint, TWO_32 } from '#core/games/crash.ts';
import {
  LIMBO_TARGET_MAX,
  LIMBO_TARGET_MIN,
  limboPayWay,
  limboStakeRule,
  limboTarget,
  limboWinningDraws,
} from '#core/games/limbo.ts';
import { ROUNDING_LOSS_LIMIT, roundingLoss, takesStake } from '#core/games/fair-stake.ts';
import type { Random } from '#core/games/fairness.ts';

const limbo = (target: unknown, amount: unknown = '1.00') => checkBet('limbo', { type: 'limbo', amount, target });

/** A stream whose one 32-bit draw is `x` (and that fails on any other draw). */
const drawing = (x: number): Random =>
  ({
    int(n: number) {
      expect(n).toBe(TWO_32);
      return x;
    },
    real: () => {
      throw new Error('limbo draws one integer');
    },
  }) as unknown as Random;

/** The 32-bit draw with the least result at or above `hundredths`. */
const firstDrawReaching = (hundredths: number) => TWO_32 - Number(limboWinningDraws(hundredths));

describe('limbo bets', () => {
  it('takes targets from 1.01× to 1,000,000.00× with two decimals', () => {
    expect(limbo('1.01')).toEqual({ bet: { type: 'limbo', amount: '1.00', target: '1.01' }, stake: '1.00' });
    expect(limbo('1000000.00', '0.10')).toEqual({
      bet: { type: 'limbo', amount: '0.10', target: '1000000.00' },
      stake: '0.10',
    });
    expect(limboTarget('2.50')).toBe(250);
    expect([LIMBO_TARGET_MIN, LIMBO_TARGET_MAX]).toEqual([101, 100_000_000]);
  });

  it('refuses a target under 1.01 or over 1,000,000, malformed targets and bad stakes', () => {
    for (const target of ['1.00', '0.99', '1000000.01', '2000000.00', '2', '2.5', '2.001', '-2.00', '1e3', 2, null, ''])
      expect(limbo(target), String(target)).toEqual({ problem: 'bet_invalid' });
    for (const amount of ['0', '-1.00', '1.001', 'abc', 1])
      expect(limbo('2.00', amount)).toEqual({ problem: 'bet_invalid' });
  });
});

describe('limbo rounds', () => {
  it('draws crash’s point from one 32-bit integer and wins when it reaches the target', () => {
    const bet = { type: 'limbo', amount: '3.33', target: '2.00' } as const;
    // The least draw reaching 2.00× pays 3.33 × 2; the one before it loses.
    const reach = firstDrawReaching(200);
    expect(crashPoint(reach)).toBe(200);
    expect(resolveBet(bet, drawing(reach))).toEqual({
      outcome: { type: 'limbo', result: '2.00' },
      stake: '3.33',
      win: '6.66',
    });
    expect(crashPoint(reach - 1)).toBe(199);
    expect(resolveBet(bet, drawing(reach - 1))).toEqual({
      outcome: { type: 'limbo', result: '1.99' },
      stake: '3.33',
      win: '0.00',
    });
    // u = 0 is 0.99 → shown as 1.00×, the least result; the last draw is the highest result.
    expect(resolveBet(bet, drawing(0)).outcome).toEqual({ type: 'limbo', result: '1.00' });
    expect(resolveBet({ ...bet, target: '1000000.00' }, drawing(TWO_32 - 1))).toEqual({
      outcome: { type: 'limbo', result: '4252017623.04' },
      stake: '3.33',
      win: '3330000.00',
    });
  });

  it('rounds a win down to the cent (1.01 × 0.15 pays 0.15, no more than the stake)', () => {
    const win = resolveBet({ type: 'limbo', amount: '0.15', target: '1.01' }, drawing(TWO_32 - 1)).win;
    expect(win).toBe('0.15');
  });
});

describe('limbo: rounding down costs at most 0.1 percentage point at every stake a target takes', () => {
  const withinLimit = ([num, den]: readonly [bigint, bigint]) =>
    num * ROUNDING_LOSS_LIMIT[1] <= den * ROUNDING_LOSS_LIMIT[0];

  it('enumerates every target under 990× and every stake it takes below its any-stake minimum', () => {
    let highest = 0n;
    let stakesChecked = 0;
    for (let target = LIMBO_TARGET_MIN; target < 99_000; target++) {
      const rule = limboStakeRule(target);
      const way = limboPayWay(target);
      if (rule.anyFrom > highest) highest = rule.anyFrom;
      for (let stake = 1n; stake <= rule.anyFrom; stake++) {
        if (!takesStake(rule, stake)) continue;
        stakesChecked++;
        expect(withinLimit(roundingLoss([way], stake)), `${target} at ${stake}`).toBe(true);
      }
      // The minimum is the least: one cent less, off the step, is over the limit.
      if (rule.anyFrom > 1n && !takesStake(rule, rule.anyFrom - 1n))
        expect(withinLimit(roundingLoss([way], rule.anyFrom - 1n)), `${target}`).toBe(false);
    }
    // The targets just above 1× set the highest any-stake minimum, 9.50; 1.01× takes whole euros or
    // any stake from 9.00.
    expect(highest).toBe(950n);
    expect(limboStakeRule(101)).toEqual({ step: 100n, anyFrom: 900n });
    expect(limboStakeRule(200)).toEqual({ step: 1n, anyFrom: 1n });
    expect(stakesChecked).toBeGreaterThan(100_000);
  });

  it('takes every stake from 990× on, where the win chance is at most 1/1000', () => {
    expect(limboWinningDraws(99_000) * 1000n).toBeLessThanOrEqual(BigInt(TWO_32));
    for (const target of [99_000, 99_001, 123_457, 10_000_001, LIMBO_TARGET_MAX])
      expect(limboStakeRule(target)).toEqual({ step: 1n, anyFrom: 1n });
  });

  it('advertises the configured minimum: 2.00× takes any stake', () => {
    expect(gameMinBet('limbo', 'limbo', '0.10')).toBe('0.10');
  });
});
