// Crash: a multiplier rises on the server's clock until the drawn crash point; cash out before it.
import type { StepGame } from '../game-module.ts';
import {
  actCrash,
  checkCrashBet,
  crashEndsAt,
  crashExpire,
  crashStakeRule,
  crashPayout,
  crashView,
  startCrash,
  type CrashBet,
  type CrashState,
} from '../crash.ts';
import { leastTakenStake } from '../fair-stake.ts';

export const crashGame: StepGame<CrashBet, CrashState> = {
  kind: 'steps',
  mechanic: 'crash',
  checkBet: checkCrashBet,
  stakeRule: crashStakeRule,
  leastStake: (from) => leastTakenStake(crashStakeRule(), from),
  start: (bet, _stakeCents, random) => startCrash(bet, random),
  act: (state, action) =>
    actCrash(state, action.action, action.elapsed_ms ?? 0) ? { ok: true, extra: 0n } : { ok: false },
  expire: crashExpire,
  figures: (state) => ({
    stake: state.stake,
    payout: () => crashPayout(state),
    actions: state.finished ? [] : ['cashout'],
  }),
  view: crashView,
  clock: { endsAt: crashEndsAt },
};
