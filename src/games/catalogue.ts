/**
 * What the public catalogue (GET /gmnggate/games) says of each mechanic: its return to player, in
 * percent with two decimals as a string (never a float), and its volatility where it applies.
 * Each figure is the one the maths file documents and a unit test checks:
 *   dice 99.00 (dice.ts) · roulette 36/37 = 97.30 (roulette.ts) · slot 32010748/2^25 = 95.40 (slot.ts)
 *   blackjack 99.58 with basic strategy (blackjack.ts, simulated) · mines 99.00 · crash 99.00
 */
import { BLACKJACK_RTP } from './blackjack.ts';
import { CRASH_RTP } from './crash.ts';
import { MINES_RTP } from './mines.ts';

export type Volatility = 'low' | 'medium' | 'high';

export const MECHANIC_FACTS: Record<string, { rtp: string; volatility?: Volatility }> = {
  dice: { rtp: '99.00' },
  roulette: { rtp: '97.30' },
  slot: { rtp: '95.40', volatility: 'medium' },
  blackjack: { rtp: BLACKJACK_RTP },
  mines: { rtp: MINES_RTP },
  crash: { rtp: CRASH_RTP },
};

/** Case- and accent-insensitive search text: "Café" and "cafe" match. */
export const searchable = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
