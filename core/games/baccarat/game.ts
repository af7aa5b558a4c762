// Baccarat: one punto banco coup from an eight-deck shoe.
import type { SingleRoundGame } from '../game-module.ts';
import type { BaccaratBet } from '../protocol.ts';
import { baccaratStakeRule, checkBaccaratBet, resolveBaccarat } from '../baccarat.ts';

export const baccaratGame: SingleRoundGame<BaccaratBet> = {
  kind: 'single',
  mechanic: 'baccarat',
  checkBet: checkBaccaratBet,
  resolve: resolveBaccarat,
  stakeRule: (bet) => baccaratStakeRule(bet.on),
  sampleBet: (_gameId, stake, random) => {
    const pick = random.int(20);
    return { type: 'baccarat', amount: stake, on: pick < 10 ? 'banker' : pick < 19 ? 'player' : 'tie' };
  },
};
