// Mines: reveal safe cells of a 5×5 field one by one, cash out before hitting a mine.
import type { StepGame } from '../game-module.ts';
import {
  actMines,
  CELLS,
  checkMinesBet,
  minesActions,
  minesExpire,
  minesStakeRule,
  minesPayoutOf,
  minesView,
  startMines,
  type MinesBet,
  type MinesState,
} from '../mines.ts';
import { leastTakenStake } from '../fair-stake.ts';

export const minesGame: StepGame<MinesBet, MinesState> = {
  kind: 'steps',
  mechanic: 'mines',
  checkBet: checkMinesBet,
  stakeRule: (bet) => minesStakeRule(bet.mines),
  // The most mines take the least stakes.
  leastStake: (from) => leastTakenStake(minesStakeRule(CELLS - 1), from),
  start: (bet, _stakeCents, random) => startMines(bet, random),
  act: (state, action) => (actMines(state, action.action, action.cell) ? { ok: true, extra: 0n } : { ok: false }),
  expire: minesExpire,
  figures: (state) => ({ stake: state.stake, payout: () => minesPayoutOf(state), actions: minesActions(state) }),
  view: (state) => minesView(state),
};
