/**
 * What every mechanic's resolver answers, and the dispatcher the provider and the Verify panel
 * share. Money is integer cents (BigInt) inside, decimal strings outside; wins round DOWN to the
 * cent, so rounding never favours the house by more than the documented maths and never pays
 * more than the paytable.
 */
import type { GameBet } from './protocol.ts';
import type { BetProblem, Resolved } from './resolved.ts';
import type { GameMechanic } from './mechanics.ts';
import type { Random } from './fairness.ts';
import { gameModule, singleRoundGame } from './registry.ts';

export type { BetProblem, Resolved } from './resolved.ts';

/**
 * A bet is valid for the game's mechanic and well-formed, or the reason it is not. `gameId` (the
 * game being played) fixes what the page may not choose: a slot's title, roulette's rules.
 */
export function checkBet(
  mechanic: GameMechanic,
  bet: unknown,
  gameId?: string,
): { bet: GameBet; stake: string } | { problem: BetProblem } {
  const game = gameModule(mechanic);
  if (game?.kind !== 'single' || !bet || typeof bet !== 'object' || (bet as { type?: unknown }).type !== mechanic)
    return { problem: 'bet_invalid' };
  return game.checkBet(bet, gameId);
}

/** The outcome and win of a checked bet, drawing numbers from `random` in the mechanic's fixed order. */
export function resolveBet(bet: GameBet, random: Random): Resolved {
  return singleRoundGame(bet.type).resolve(bet, random);
}
