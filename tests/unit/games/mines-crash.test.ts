import { describe, expect, it } from 'vitest';
import { outcomeBytes, randomFromBytes } from '#core/games/fairness.ts';
import {
  actMines,
  binomial,
  checkMinesBet,
  CELLS,
  minesExpire,
  minesMultiplier,
  minesMultiplierText,
  minesPayout,
  minesPayoutOf,
  minesView,
  startMines,
} from '#core/games/mines.ts';
import {
  actCrash,
  checkCrashBet,
  crashEndsAt,
  crashExpire,
  crashMultiplierAt,
  crashPayout,
  crashPoint,
  crashTimeOf,
  crashView,
  startCrash,
  TWO_32,
} from '#core/games/crash.ts';

describe('mines', () => {
  it('the multiplier table is exactly 0.99 × C(25, k) / C(25 − m, k)', () => {
    expect(binomial(25, 3)).toBe(2300n);
    expect(minesMultiplier(1, 1)).toEqual([99n * 25n, 100n * 24n]);
    // Spot values of the published table (4 decimals, rounded down).
    expect(minesMultiplierText(1, 1)).toBe('1.0312');
    expect(minesMultiplierText(3, 1)).toBe('1.1250');
    expect(minesMultiplierText(3, 5)).toBe('1.9973');
    expect(minesMultiplierText(24, 1)).toBe('24.7500');
    expect(minesMultiplierText(5, 20)).toBe('52598.7000');
    for (let m = 1; m <= 24; m++) {
      for (let k = 1; k <= CELLS - m; k++) {
        const [num, den] = minesMultiplier(m, k);
        expect(num * binomial(CELLS - m, k) * 100n).toBe(den * 99n * binomial(CELLS, k));
        // Every cash-out point returns 99 %: P(survive k) × multiplier.
        expect((binomial(CELLS - m, k) * num * 100n) / (binomial(CELLS, k) * den)).toBe(99n);
      }
    }
  });

  it('pays whole cents rounded down; cash out needs a safe cell; a mine loses; expiry cashes out', async () => {
    expect(minesPayout(1000n, 3, 1)).toBe(1125n);
    expect(minesPayout(333n, 1, 1)).toBe(343n); // 333 × 2475 / 2400 = 343.40…
    expect(checkMinesBet({ type: 'mines', amount: '1.00', mines: 25 })).toEqual({ problem: 'bet_invalid' });
    expect(checkMinesBet({ type: 'mines', amount: '1.00', mines: 0 })).toEqual({ problem: 'bet_invalid' });
    const random = randomFromBytes(
      await outcomeBytes({ serverSeed: '11'.repeat(32), clientSeed: 'mines', nonce: 1 }, 4),
    );
    const state = startMines({ type: 'mines', amount: '10.00', mines: 3 }, random);
    expect(state.positions).toHaveLength(3);
    expect(new Set(state.positions).size).toBe(3);
    expect(minesView(state)).not.toHaveProperty('positions');
    expect(actMines(state, 'cashout')).toBe(false);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((cell) => !state.positions.includes(cell));
    expect(actMines(state, 'reveal', safe[0])).toBe(true);
    expect(actMines(state, 'reveal', safe[0])).toBe(false);
    expect(actMines(state, 'reveal', 25)).toBe(false);
    expect(actMines(state, 'reveal', safe[1])).toBe(true);
    expect(minesView(state)).toMatchObject({ revealed: [safe[0], safe[1]], multiplier: '1.2857' });
    const expired = structuredClone(state);
    minesExpire(expired);
    expect(minesPayoutOf(expired)).toBe(minesPayout(1000n, 3, 2));
    expect(actMines(state, 'reveal', state.positions[0])).toBe(true);
    expect(state.finished).toBe(true);
    expect(minesPayoutOf(state)).toBe(0n);
    expect(minesView(state)).toMatchObject({ positions: state.positions, hit: state.positions[0] });
  });
});

describe('crash', () => {
  it('crash point from the exact 32-bit integer: max(1, floor(99 / (1 − u)) / 100)', () => {
    expect(crashPoint(0)).toBe(100);
    expect(crashPoint(Math.floor(TWO_32 * 0.01))).toBe(100);
    expect(crashPoint(TWO_32 / 2)).toBe(198);
    expect(crashPoint(TWO_32 - 1)).toBe(99 * TWO_32);
    expect(crashPoint(TWO_32 - TWO_32 / 4)).toBe(396);
  });

  it('RTP by formula: a cash-out target c returns c/100 × P(h ≥ c) = 99 % (up to the floor)', () => {
    for (const c of [101, 150, 200, 333, 1000, 10_000, 100_000]) {
      // h ≥ c ⟺ floor(99·2^32 / (2^32 − x)) ≥ c ⟺ 2^32 − x ≤ floor(99·2^32 / c): that many x values.
      const winning = (99n * BigInt(TWO_32)) / BigInt(c);
      const x = TWO_32 - Number(winning);
      expect(crashPoint(x)).toBeGreaterThanOrEqual(c);
      expect(crashPoint(x - 1)).toBeLessThan(c);
      const rtp = (Number(winning) * c) / 100 / TWO_32;
      expect(rtp).toBeLessThanOrEqual(0.99);
      expect(rtp).toBeGreaterThan(0.99 - 1e-6);
    }
  });

  it('the multiplier is a function of the server time since the round opened', () => {
    expect(crashMultiplierAt(0)).toBe(100);
    expect(crashMultiplierAt(1000)).toBe(121);
    expect(crashMultiplierAt(10_000)).toBe(400);
    expect(crashTimeOf(200)).toBe(4143);
    expect(crashMultiplierAt(4142)).toBe(199);
  });

  it('auto cash-out, manual cash-out before the end, and the expiry rule', () => {
    const fixed = (x: number) => ({ int: () => x });
    expect(checkCrashBet({ type: 'crash', amount: '1.00', auto_cashout: '1.00' })).toEqual({ problem: 'bet_invalid' });
    expect(checkCrashBet({ type: 'crash', amount: '1.00', auto_cashout: '2.5' })).toEqual({ problem: 'bet_invalid' });
    const bet = { type: 'crash' as const, amount: '10.00', auto_cashout: '2.00' };
    // Crash at 1.98: the target is never reached.
    const lost = startCrash(bet, fixed(TWO_32 / 2));
    expect(crashEndsAt(lost)).toBe(crashTimeOf(198));
    expect(crashView(lost, 500)).toEqual({ auto_cashout: '2.00', elapsed_ms: 500, multiplier: '1.10' });
    expect(actCrash(lost, 'cashout', 1000)).toBe(true);
    expect(crashPayout(lost)).toBe(1210n);
    const late = startCrash(bet, fixed(TWO_32 / 2));
    expect(actCrash(late, 'cashout', 60_000)).toBe(true);
    expect(crashPayout(late)).toBe(0n);
    expect(crashView(late, 60_000)).toMatchObject({ crash_point: '1.98', paid: '0.00' });
    // Crash at 3.96: the target 2.00 is paid, by hand too late or at expiry.
    const won = startCrash(bet, fixed(TWO_32 - TWO_32 / 4));
    expect(actCrash(won, 'settle', 100)).toBe(false);
    crashExpire(won);
    expect(crashPayout(won)).toBe(2000n);
  });

  it('a cash-out at the exact ms the multiplier reaches the crash point wins, as an equal auto target would', () => {
    const fixed = (x: number) => ({ int: () => x });
    const bet = { type: 'crash' as const, amount: '10.00', auto_cashout: '5.00' };
    const end = crashTimeOf(198);
    const atEnd = startCrash(bet, fixed(TWO_32 / 2));
    expect(crashEndsAt(atEnd)).toBe(end);
    expect(actCrash(atEnd, 'cashout', end)).toBe(true);
    expect(crashPayout(atEnd)).toBe(1980n);
    expect(crashView(atEnd, end)).toMatchObject({ crash_point: '1.98', paid: '1.98', elapsed_ms: end });
    const after = startCrash(bet, fixed(TWO_32 / 2));
    expect(actCrash(after, 'cashout', end + 1)).toBe(true);
    expect(crashPayout(after)).toBe(0n);
    // The server's own settle at the end ms is the auto rule: the target 5.00 was not reached.
    const settled = startCrash(bet, fixed(TWO_32 / 2));
    expect(actCrash(settled, 'settle', end)).toBe(true);
    expect(crashPayout(settled)).toBe(0n);
    // The target itself, reached at its own ms, pays the target and never more.
    const target = startCrash({ ...bet, auto_cashout: '1.50' }, fixed(TWO_32 / 2));
    expect(actCrash(target, 'cashout', crashTimeOf(150))).toBe(true);
    expect(crashPayout(target)).toBe(1500n);
  });
});
