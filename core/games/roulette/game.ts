// Roulette: one spin of a single-zero wheel; French titles add la partage.
import type { SingleRoundGame } from '../game-module.ts';
import type { RouletteBet, RouletteBetKind } from '../protocol.ts';
import {
  checkRouletteBet,
  FRENCH_ROULETTE_GAMES,
  resolveRoulette,
  rouletteRuledStakes,
  rouletteStakeRule,
} from '../roulette.ts';

const OUTSIDE: RouletteBetKind[] = ['red', 'black', 'odd', 'even', 'low', 'high'];

export const rouletteGame: SingleRoundGame<RouletteBet> = {
  kind: 'single',
  mechanic: 'roulette',
  checkBet: checkRouletteBet,
  resolve: resolveRoulette,
  stakeRule: rouletteStakeRule,
  ruledStakes: rouletteRuledStakes,
  sampleBet: (gameId, stake, random) => {
    const pick = random.int(10);
    const rules = FRENCH_ROULETTE_GAMES.includes(gameId) ? { la_partage: true as const } : {};
    if (pick < 6)
      return { type: 'roulette', ...rules, stakes: [{ kind: OUTSIDE[random.int(OUTSIDE.length)]!, amount: stake }] };
    if (pick < 8)
      return {
        type: 'roulette',
        ...rules,
        stakes: [{ kind: random.int(2) ? 'dozen' : 'column', numbers: [1 + random.int(3)], amount: stake }],
      };
    return { type: 'roulette', ...rules, stakes: [{ kind: 'straight', numbers: [random.int(37)], amount: stake }] };
  },
};
