/**
 * The chance of a slot title's top win, exact from its published maths (core/games/slot.ts): the top
 * symbol on every reel of at least one payline, the paytable's highest line pay. Every stop of every reel
 * is equally likely, so the chance is a count of stop combinations out of all of them, enumerated by the
 * rows where each reel shows the top symbol (at most 2^rows cases per reel instead of every stop).
 */
import { slotMachine } from './slot.ts';

export interface TopWinChance {
  /** The top win in multiples of the stake per line. */
  lineMultiple: number;
  /** Stop combinations that land it, out of `total` (every combination of stops). */
  combinations: bigint;
  total: bigint;
}

export function slotTopWinChance(title: string | undefined): TopWinChance {
  const machine = slotMachine(title);
  const topRank = machine.paytable.length - 1;
  // Per reel: how many stops show the top symbol on exactly this set of rows (a bit per row).
  const masksPerReel = machine.strips.map((strip) => {
    const counts = new Map<number, bigint>();
    strip.forEach((_, stop) => {
      let mask = 0;
      for (let row = 0; row < machine.rows; row++) if (strip[(stop + row) % strip.length] === topRank) mask |= 1 << row;
      counts.set(mask, (counts.get(mask) ?? 0n) + 1n);
    });
    return [...counts];
  });
  const lands = (masks: number[]) =>
    machine.paylines.some((rows) => rows.every((row, reel) => (masks[reel]! >> row) & 1));
  let combinations = 0n;
  const walk = (reel: number, masks: number[], ways: bigint) => {
    if (reel === machine.reels) {
      if (lands(masks)) combinations += ways;
      return;
    }
    for (const [mask, count] of masksPerReel[reel]!) walk(reel + 1, [...masks, mask], ways * count);
  };
  walk(0, [], 1n);
  const total = machine.strips.reduce((product, strip) => product * BigInt(strip.length), 1n);
  return { lineMultiple: machine.paytable[topRank]!.at(-1)!, combinations, total };
}

/** "1 in N" spins, N rounded to a whole number (display: the exact fraction is `combinations / total`). */
export const oneInSpins = ({ combinations, total }: TopWinChance): bigint =>
  combinations === 0n ? 0n : (total + combinations / 2n) / combinations;
