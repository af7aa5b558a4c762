// What every mechanic's maths answers: a resolved round, or why a bet's shape is refused.
import type { GameOutcome } from './protocol.ts';

export interface Resolved<O extends GameOutcome = GameOutcome> {
  outcome: O;
  /** The round's total stake, decimal string. */
  stake: string;
  /** What the round pays back (0.00 on a loss), decimal string. */
  win: string;
}

/**
 * Why a bet's shape is refused (the amount limits are the server's business):
 * `bet_invalid` — malformed; `slot_step` — a slot stake that cannot be spread evenly over the lines.
 */
export type BetProblem = 'bet_invalid' | 'slot_step';
