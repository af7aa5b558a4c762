// Dice: one roll of 0.00–99.99 against the player's target, over or under.
import type { SingleRoundGame } from '../game-module.ts';
import type { DiceBet } from '../protocol.ts';
import { checkDiceBet, diceStakeRule, diceTarget, resolveDice } from '../dice.ts';

export const diceGame: SingleRoundGame<DiceBet> = {
  kind: 'single',
  mechanic: 'dice',
  checkBet: checkDiceBet,
  resolve: resolveDice,
  stakeRule: (bet) => diceStakeRule(diceTarget(bet.target)!, bet.direction),
  sampleBet: (_gameId, stake, random) => {
    const target = 2000 + random.int(7000);
    return {
      type: 'dice',
      amount: stake,
      target: `${Math.floor(target / 100)}.${String(target % 100).padStart(2, '0')}`,
      direction: random.int(2) ? 'over' : 'under',
    };
  },
};
