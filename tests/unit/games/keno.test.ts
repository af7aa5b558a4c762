import { describe, expect, it } from 'vitest';
import type { Random } from '#core/games/fairness.ts';
import { ROUNDING_LOSS_LIMIT, roundingLoss, takesStake } from '#core/games/fair-stake.ts';
import {
  checkKenoBet,
  drawKeno,
  KENO_PAYTABLES,
  KENO_RISKS,
  KENO_RTP,
  kenoHitChance,
  kenoPayWays,
  kenoStakeRule,
  resolveKeno,
} from '#core/games/keno.ts';

/** A stream that answers the listed ints in order and checks each range asked for. */
const scripted = (answers: [range: number, value: number][]): Random =>
  ({
    int(n: number) {
      const [range, value] = answers.shift()!;
      expect(n).toBe(range);
      return value;
    },
  }) as unknown as Random;

/** Percent, exact, rounded half-up to two decimals, from a fraction of the stake. */
const percent = (num: bigint, den: bigint) => {
  const tenThousandths = (num * 10_000n * 2n + den) / (2n * den);
  return `${tenThousandths / 100n}.${String(tenThousandths % 100n).padStart(2, '0')}`;
};

describe('keno maths', () => {
  it('hit chances are hypergeometric and sum to one for every pick count', () => {
    for (let picks = 1; picks <= 10; picks++) {
      let sum = 0n;
      const den = kenoHitChance(picks, 0)[1];
      for (let hits = 0; hits <= picks; hits++) sum += kenoHitChance(picks, hits)[0];
      expect(sum, `${picks} picks`).toBe(den);
    }
    // 1 pick: 10 of the 40 numbers are drawn.
    const [num, den] = kenoHitChance(1, 1);
    expect(num * 4n).toBe(den);
  });

  it('every table’s exact RTP is the published figure, between 96 % and 99 %', () => {
    for (const risk of KENO_RISKS)
      for (let picks = 1; picks <= 10; picks++) {
        const table = KENO_PAYTABLES[risk][picks - 1]!;
        expect(table).toHaveLength(picks + 1);
        let num = 0n;
        const den = kenoHitChance(picks, 0)[1] * 100n;
        for (let hits = 0; hits <= picks; hits++) num += kenoHitChance(picks, hits)[0] * BigInt(table[hits]!);
        const rtp = percent(num, den);
        expect(rtp, `${risk} ${picks}`).toBe(KENO_RTP[risk][picks - 1]);
        expect(num * 100n >= den * 96n && num * 100n <= den * 99n, `${risk} ${picks}: ${rtp}`).toBe(true);
      }
  });

  it('draws 10 distinct numbers by a partial Fisher–Yates shuffle, one int per number', () => {
    // Always the last position: 40 first, then 1, 2, … as each swap leaves the next one there.
    const last = Array.from({ length: 10 }, (_, i) => [40 - i, 39 - i] as [number, number]);
    expect(drawKeno(scripted(last))).toEqual([40, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Always the current position: 1 … 10 in order.
    expect(drawKeno(scripted(Array.from({ length: 10 }, (_, i) => [40 - i, 0] as [number, number])))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
  });

  it('pays the table’s multiplier for the hits, rounded down to the cent', () => {
    const ten = () => Array.from({ length: 10 }, (_, i) => [40 - i, 0] as [number, number]);
    const round = resolveKeno({ type: 'keno', amount: '0.33', risk: 'low', picks: [1, 2, 3, 40] }, scripted(ten()));
    // 3 hits of 4 picks at low risk: 6.63 × 0.33 = 2.1879 → 2.18.
    expect(round).toEqual({
      outcome: { type: 'keno', drawn: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], hits: 3 },
      stake: '0.33',
      win: '2.18',
    });
    const miss = resolveKeno({ type: 'keno', amount: '1.00', risk: 'high', picks: [40] }, scripted(ten()));
    expect(miss.win).toBe('0.00');
  });
});

describe('keno bets', () => {
  it('takes 1 to 10 distinct numbers from 1 to 40 and a risk level', () => {
    expect(checkKenoBet({ type: 'keno', amount: '1', risk: 'medium', picks: [7] })).toEqual({
      bet: { type: 'keno', amount: '1.00', risk: 'medium', picks: [7] },
      stake: '1.00',
    });
    expect(
      checkKenoBet({ type: 'keno', amount: '1.00', risk: 'high', picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 40] }),
    ).toHaveProperty('stake', '1.00');
  });

  it('refuses no picks, 11 picks, duplicates, numbers out of 1–40, non-integers and unknown risks', () => {
    for (const picks of [[], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], [5, 5], [0], [41], [1.5], ['3'], 'all', null])
      expect(checkKenoBet({ type: 'keno', amount: '1.00', risk: 'low', picks }), JSON.stringify(picks)).toEqual({
        problem: 'bet_invalid',
      });
    for (const risk of ['extreme', '', undefined])
      expect(checkKenoBet({ type: 'keno', amount: '1.00', risk, picks: [1] })).toEqual({ problem: 'bet_invalid' });
    expect(checkKenoBet({ type: 'keno', amount: '0', risk: 'low', picks: [1] })).toEqual({ problem: 'bet_invalid' });
  });
});

describe('keno stakes: rounding down costs at most 0.1 percentage point at every stake a table takes', () => {
  it('enumerates every table and every stake it takes up to its any-stake minimum', () => {
    const minimums: string[] = [];
    for (const risk of KENO_RISKS)
      for (let picks = 1; picks <= 10; picks++) {
        const rule = kenoStakeRule(risk, picks);
        const ways = kenoPayWays(risk, picks);
        for (let stake = 1n; stake <= rule.anyFrom; stake++) {
          if (!takesStake(rule, stake)) continue;
          const [num, den] = roundingLoss(ways, stake);
          expect(num * ROUNDING_LOSS_LIMIT[1] <= den * ROUNDING_LOSS_LIMIT[0], `${risk} ${picks} at ${stake}`).toBe(
            true,
          );
        }
        minimums.push(`${risk}${picks}:${rule.step}/${rule.anyFrom}`);
      }
    // Every table takes some stake of at most 1.00 (its step, or any stake from its minimum).
    for (const risk of KENO_RISKS)
      for (let picks = 1; picks <= 10; picks++) {
        const rule = kenoStakeRule(risk, picks);
        expect(rule.step <= 100n || rule.anyFrom <= 100n, minimums.join(' ')).toBe(true);
      }
  });
});
