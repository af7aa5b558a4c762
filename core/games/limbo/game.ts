// Limbo: the player picks a target multiplier; one draw (crash's point) decides.
import type { SingleRoundGame } from '../game-module.ts';
import type { LimboBet } from '../protocol.ts';
import { checkLimboBet, limboStakeRule, limboTarget, resolveLimbo } from '../limbo.ts';

export const limboGame: SingleRoundGame<LimboBet> = {
  kind: 'single',
  mechanic: 'limbo',
  checkBet: checkLimboBet,
  resolve: resolveLimbo,
  stakeRule: (bet) => limboStakeRule(limboTarget(bet.target)!),
  sampleBet: (_gameId, stake, random) => ({ type: 'limbo', amount: stake, target: `${2 + random.int(8)}.00` }),
};
