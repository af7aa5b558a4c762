/**
 * Exact return to player for each mechanic, by enumerating every equally likely draw with
 * rational (BigInt) arithmetic — no simulation, no floats.
 */
import { describe, expect, it } from 'vitest';
import type { Random } from '../../../src/games/fairness.ts';
import { DICE_VALUES, diceWinningValues } from '../../../src/games/dice.ts';
import { POCKETS, coveredNumbers, ROULETTE_PAYOUTS } from '../../../src/games/roulette.ts';
import { lineRun, runPay, SLOT_PAYLINES, SLOT_STRIPS, SLOT_SYMBOLS, type SlotSymbol } from '../../../src/games/slot.ts';
import { resolveBet } from '../../../src/games/round.ts';
import type { GameBet, RouletteBetKind } from '../../../src/games/protocol.ts';
import { toCents } from '../../../src/api/money.ts';

/** A Random that answers the given draws in order. */
const fixed = (...draws: number[]): Random => ({ int: (n) => { const d = draws.shift()!; expect(d).toBeLessThan(n); return d; } });
const cents = (value: string) => toCents(value)!;

/** Sum of wins (cents) over all outcomes of one draw in [0, n), for a bet. */
function totalWin(bet: GameBet, n: number): bigint {
  let total = 0n;
  for (let draw = 0; draw < n; draw++) total += cents(resolveBet(bet, fixed(draw)).win);
  return total;
}

describe('dice: 1 % house edge', () => {
  it('returns exactly 99 % when the win divides evenly, enumerating all 10 000 rolls', () => {
    for (const [target, direction] of [['50.00', 'under'], ['50.00', 'over'], ['1.00', 'under'], ['75.24', 'over'], ['98.99', 'over']] as const) {
      const stake = cents('9.00');
      const total = totalWin({ type: 'dice', amount: '9.00', target, direction }, DICE_VALUES);
      const winning = BigInt(diceWinningValues(Number(target.replace('.', '')), direction));
      // Every winning roll pays floor(stake × 9900 / winning); RTP = total / (10 000 × stake).
      expect(total).toBe(winning * ((stake * 9900n) / winning));
      if ((stake * 9900n) % winning === 0n) expect(total * 100n).toBe(99n * BigInt(DICE_VALUES) * stake);
    }
  });

  it('never returns more than 99 %, and loses under a cent per winning roll to rounding, for every target', () => {
    const stake = cents('100.00');
    for (let target = 1; target <= DICE_VALUES - 2; target++) {
      for (const direction of ['over', 'under'] as const) {
        const winning = BigInt(diceWinningValues(target, direction));
        const total = winning * ((stake * 9900n) / winning);
        const exact = 99n * BigInt(DICE_VALUES) * stake; // × 1/100
        expect(total * 100n).toBeLessThanOrEqual(exact);
        expect(exact - total * 100n).toBeLessThan(winning * 100n);
      }
    }
  });
});

describe('European roulette: RTP 36/37 = 97.30 % on every bet', () => {
  const stakes: { kind: RouletteBetKind; numbers?: number[] }[] = [
    ...Array.from({ length: 37 }, (_, n) => ({ kind: 'straight' as const, numbers: [n] })),
    { kind: 'split', numbers: [0, 2] }, { kind: 'split', numbers: [17, 20] }, { kind: 'split', numbers: [35, 36] },
    { kind: 'red' }, { kind: 'black' }, { kind: 'odd' }, { kind: 'even' }, { kind: 'low' }, { kind: 'high' },
    ...[1, 2, 3].flatMap((k) => [{ kind: 'dozen' as const, numbers: [k] }, { kind: 'column' as const, numbers: [k] }]),
  ];

  it.each(stakes)('$kind $numbers', (stake) => {
    const total = totalWin({ type: 'roulette', stakes: [{ ...stake, amount: '1.00' }] }, POCKETS);
    // Wins over the 37 pockets, per 1.00 staked on each: exactly 36.00, i.e. 36/37.
    expect(total).toBe(3600n);
    expect(coveredNumbers(stake)!.length * (ROULETTE_PAYOUTS[stake.kind] + 1)).toBe(36);
  });

  it('has the standard table: 18 red, 18 black, no refused split among neighbours, 97.30 % rounded', () => {
    expect(coveredNumbers({ kind: 'red' })).toHaveLength(18);
    expect(coveredNumbers({ kind: 'black' })).toHaveLength(18);
    expect(coveredNumbers({ kind: 'split', numbers: [3, 4] })).toBeUndefined();
    expect(coveredNumbers({ kind: 'split', numbers: [1, 5] })).toBeUndefined();
    expect(Number((36n * 1_000_000n) / 37n) / 10_000).toBeCloseTo(97.2972, 4);
  });
});

describe('slot: RTP between 94 % and 97 %, exact', () => {
  /** Stops per symbol on each strip. */
  const counts = SLOT_STRIPS.map((strip) => new Map(SLOT_SYMBOLS.map((s) => [s, BigInt(strip.filter((x) => x === s).length)])));

  it('enumerates every combination of the reel strips', () => {
    // Each payline reads one cell per reel, and a uniform stop makes that cell's symbol follow the
    // strip's symbol counts, independently per reel — so one line's expected pay is the sum over all
    // 6^5 symbol tuples, weighted by how many stop combinations (of the 32^5) show that tuple.
    let pays = 0n;
    let combos = 0n;
    const tuple: SlotSymbol[] = [];
    const walk = (reel: number, weight: bigint) => {
      if (reel === SLOT_STRIPS.length) {
        const { symbol, count } = lineRun(tuple);
        pays += weight * BigInt(runPay(symbol, count));
        combos += weight;
        return;
      }
      for (const symbol of SLOT_SYMBOLS) {
        const c = counts[reel]!.get(symbol)!;
        if (c === 0n) continue;
        tuple[reel] = symbol;
        walk(reel + 1, weight * c);
      }
    };
    walk(0, 1n);
    const all = SLOT_STRIPS.reduce((n, strip) => n * BigInt(strip.length), 1n);
    expect(combos).toBe(all);
    // Total stake per spin = lines × line stake, and each line returns pays/all line stakes on average.
    const [num, den] = [pays, all];
    expect(num * 100n).toBeGreaterThanOrEqual(94n * den);
    expect(num * 100n).toBeLessThanOrEqual(97n * den);
    expect(`${num}/${den}`).toBe(SLOT_RTP);
    expect(Number((num * 1_000_000n) / den) / 10_000).toBeCloseTo(95.3994, 3);
  });

  it('pays what the paytable says on the lines the resolver reports', () => {
    // Stops 0 on every reel show the top rows of the strips; the resolver's lines must match a
    // recount from the grid.
    for (const stops of [[0, 0, 0, 0, 0], [1, 9, 13, 4, 17], [22, 6, 24, 6, 2]]) {
      const result = resolveBet({ type: 'slot', amount: '2.00' }, fixed(...stops));
      if (result.outcome.type !== 'slot') throw new Error('not a slot');
      const { grid, lines } = result.outcome;
      let expected = 0n;
      SLOT_PAYLINES.forEach((rows, line) => {
        const { symbol, count } = lineRun(rows.map((row, reel) => grid[row]![reel]! as SlotSymbol));
        const pay = BigInt(runPay(symbol, count)) * 20n;
        expected += pay;
        expect(lines.find((l) => l.line === line)?.win ?? '0.00').toBe(`${pay / 100n}.${String(pay % 100n).padStart(2, '0')}`);
      });
      expect(cents(result.win)).toBe(expected);
    }
  });

  it('pays five sevens on the middle line 2500 × the line stake', () => {
    // Find a stop per reel whose middle row (stop + 1) is a seven.
    const stops = SLOT_STRIPS.map((strip) => (strip.indexOf('seven') - 1 + strip.length) % strip.length);
    const result = resolveBet({ type: 'slot', amount: '1.00' }, fixed(...stops));
    if (result.outcome.type !== 'slot') throw new Error('not a slot');
    expect(result.outcome.lines).toContainEqual({ line: 0, symbol: 'seven', count: 5, win: '250.00' });
  });
});

/** Pinned so any change to strips or paytable must update the documented RTP too. */
const SLOT_RTP = '32010748/33554432'; // = 95.3994… %
