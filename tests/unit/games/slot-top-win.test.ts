import { describe, expect, it } from 'vitest';
import { SLOT_TITLES, slotMachine, slotRanks } from '../../../core/games/slot';
import { oneInSpins, slotTopWinChance } from '../../../core/games/slot-top-win';

/** Brute force over every stop combination: the reference the shortcut must equal. */
function bruteForce(title: string) {
  const machine = slotMachine(title);
  const top = machine.paytable.length - 1;
  let hits = 0n;
  const stops: number[] = [];
  const walk = (reel: number) => {
    if (reel === machine.reels) {
      const ranks = slotRanks(machine, stops);
      if (machine.paylines.some((rows) => rows.every((row, r) => ranks[row]![r] === top))) hits++;
      return;
    }
    for (let stop = 0; stop < machine.strips[reel]!.length; stop++) {
      stops[reel] = stop;
      walk(reel + 1);
    }
  };
  walk(0);
  return hits;
}

describe('the chance of a slot title’s top win (shown where the stake is placed in DE)', () => {
  it('the top win is the paytable’s highest line pay', () => {
    for (const title of Object.keys(SLOT_TITLES)) {
      const machine = slotMachine(title);
      expect(slotTopWinChance(title).lineMultiple).toBe(Math.max(...machine.paytable.flat()));
    }
  });

  it('equals a brute-force count over every stop combination, for the 3-reel machine', () => {
    const trio = Object.keys(SLOT_TITLES).find((title) => slotMachine(title).reels <= 3)!;
    expect(slotTopWinChance(trio).combinations).toBe(bruteForce(trio));
  });

  it('Amber Fortune (the classic machine): pinned exact count', () => {
    const chance = slotTopWinChance('amber-fortune');
    expect(chance.total).toBe(32n ** 5n);
    expect({ combinations: chance.combinations, oneIn: oneInSpins(chance) }).toMatchInlineSnapshot(`
      {
        "combinations": 320n,
        "oneIn": 104858n,
      }
    `);
  });

  it('an unknown title is Amber Fortune’s maths, as the slot engine plays it', () => {
    expect(slotTopWinChance('no-such-title')).toEqual(slotTopWinChance('amber-fortune'));
  });

  it('no way to land it answers 0, never a division by zero', () => {
    expect(oneInSpins({ lineMultiple: 1, combinations: 0n, total: 10n })).toBe(0n);
    expect(oneInSpins({ lineMultiple: 1, combinations: 3n, total: 10n })).toBe(3n);
  });
});
