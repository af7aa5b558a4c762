// Keno: the player picks 1 to 10 of 40 numbers and a risk level; 10 numbers are drawn.
import type { SingleRoundGame } from '../game-module.ts';
import type { KenoBet } from '../protocol.ts';
import { leastTakenStake } from '../fair-stake.ts';
import { checkKenoBet, KENO_RISKS, kenoStakeRule, resolveKeno } from '../keno.ts';

/** The least stake from `from` that some table takes. */
function leastKenoStake(from: bigint): bigint {
  let least: bigint | undefined;
  for (const risk of KENO_RISKS)
    for (let picks = 1; picks <= 10; picks++) {
      const stake = leastTakenStake(kenoStakeRule(risk, picks), from);
      if (least === undefined || stake < least) least = stake;
    }
  return least!;
}

export const kenoGame: SingleRoundGame<KenoBet> = {
  kind: 'single',
  mechanic: 'keno',
  checkBet: checkKenoBet,
  resolve: resolveKeno,
  stakeRule: (bet) => kenoStakeRule(bet.risk, bet.picks.length),
  leastStake: leastKenoStake,
  sampleBet: (_gameId, stake, random) => {
    const picks = new Set<number>();
    const count = 1 + random.int(10);
    while (picks.size < count) picks.add(1 + random.int(40));
    return { type: 'keno', amount: stake, risk: KENO_RISKS[random.int(3)]!, picks: [...picks] };
  },
};
