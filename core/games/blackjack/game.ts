// Blackjack: the deal, then hit, stand, double or split until every hand is done.
import type { StepGame } from '../game-module.ts';
import {
  actBlackjack,
  blackjackActions,
  blackjackPayout,
  blackjackStake,
  blackjackView,
  BLACKJACK_MIN_STAKE,
  checkBlackjackBet,
  dealBlackjack,
  standAll,
  type BlackjackBet,
  type BlackjackState,
} from '../blackjack.ts';
import { shortOf } from '../stake.ts';

export const blackjackGame: StepGame<BlackjackBet, BlackjackState> = {
  kind: 'steps',
  mechanic: 'blackjack',
  checkBet: checkBlackjackBet,
  shortStake: (bet) => shortOf(bet.amount, BLACKJACK_MIN_STAKE),
  leastStake: () => BLACKJACK_MIN_STAKE,
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
