import type { Money } from '../api/contract.ts';
import { fromCents, toCents } from '../api/money.ts';

/** An eligible game of an offer: its published RTP (percent, "97.30") and how much of a stake counts (0–100). */
export interface EligibleGame {
  rtp: string;
  contribution: number;
}

/** Hundredths of a percent of a published RTP ("97.30" → 9730n): RTPs have at most two decimals. */
const basisPoints = (rtp: string) => toCents(rtp)!;

/**
 * What meeting an offer's wagering is expected to cost the player, in money: the wagering requirement
 * (bonus × multiple) times the weighted house edge of the eligible games. A game's house edge is
 * 1 − its published RTP; games are weighted by their contribution, so a game that counts 10 % of a
 * stake weighs a tenth of one that counts in full. Exact in integers, rounded half up to the cent.
 */
export function expectedWageringCost(bonus: Money, multiple: number, games: readonly EligibleGame[]): Money {
  const counted = games.filter((game) => game.contribution > 0);
  const weights = counted.reduce((sum, game) => sum + BigInt(game.contribution), 0n);
  if (weights === 0n || multiple === 0) return '0.00';
  const edge = counted.reduce((sum, game) => sum + BigInt(game.contribution) * (10000n - basisPoints(game.rtp)), 0n);
  const numerator = toCents(bonus)! * BigInt(multiple) * edge;
  const denominator = weights * 10000n;
  return fromCents((2n * numerator + denominator) / (2n * denominator));
}
