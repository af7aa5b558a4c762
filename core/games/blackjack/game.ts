// Blackjack: the deal, then hit, stand, double or split until every hand is done.
import type { StepGame } from '../game-module.ts';
import {
  actBlackjack,
  blackjackActions,
  blackjackPayout,
  blackjackStake,
  blackjackView,
  BLACKJACK_STAKES,
  checkBlackjackBet,
  dealBlackjack,
  standAll,
  type BlackjackBet,
  type BlackjackState,
} from '../blackjack.ts';
import { leastTakenStake } from '../fair-stake.ts';

export const blackjackGame: StepGame<BlackjackBet, BlackjackState> = {
  kind: 'steps',
  mechanic: 'blackjack',
  checkBet: checkBlackjackBet,
  stakeRule: () => BLACKJACK_STAKES,
  leastStake: (from) => leastTakenStake(BLACKJACK_STAKES, from),
  start: (_bet, stakeCents, random) => dealBlackjack(Number(stakeCents), random),
  act: (state, action) => {
    const extra = actBlackjack(state, action.action);
    return extra === undefined ? { ok: false } : { ok: true, extra: BigInt(extra) };
  },
  expire: standAll,
  figures: (state) => ({
    stake: BigInt(blackjackStake(state)),
    payout: () => BigInt(blackjackPayout(state)),
    actions: blackjackActions(state),
  }),
  view: (state) => blackjackView(state),
};
