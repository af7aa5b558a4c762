/**
 * Multi-step games (blackjack, mines, crash): a round is its bet plus the player's recorded
 * actions, replayed on the round's provably-fair stream. The provider replays it to play the
 * next action; the Verify panel replays a finished round from the revealed server seed and the
 * recorded actions and must reach the same result (`verifyStepRound`).
 */
import type { Random, SeedPair } from './fairness.ts';
import { withFairRandom } from './fairness.ts';
import type { BetProblem } from './round.ts';
import { fromCents } from '../api/money.ts';
import {
  actBlackjack,
  blackjackActions,
  blackjackPayout,
  blackjackStake,
  blackjackView,
  checkBlackjackBet,
  dealBlackjack,
  standAll,
  type BlackjackBet,
  type BlackjackState,
} from './blackjack.ts';
import {
  actMines,
  checkMinesBet,
  minesActions,
  minesExpire,
  minesPayoutOf,
  minesView,
  startMines,
  type MinesBet,
  type MinesState,
} from './mines.ts';
import {
  actCrash,
  checkCrashBet,
  crashExpire,
  crashPayout,
  crashView,
  startCrash,
  type CrashBet,
  type CrashState,
} from './crash.ts';
import { positiveCents } from './stake.ts';

export const STEP_MECHANICS = ['blackjack', 'mines', 'crash'] as const;
export type StepMechanic = (typeof STEP_MECHANICS)[number];
export const isStepMechanic = (mechanic: string): mechanic is StepMechanic =>
  (STEP_MECHANICS as readonly string[]).includes(mechanic);

export type StepBet = BlackjackBet | MinesBet | CrashBet;

/** One recorded action: what the player sent, and for crash the server's ms since the round opened. */
export interface StepAction {
  action_id: string;
  action: string;
  cell?: number;
  elapsed_ms?: number;
}

export interface StepRound {
  mechanic: StepMechanic;
  state: BlackjackState | MinesState | CrashState;
  finished: boolean;
  /** Total stake (cents), payout (cents, 0 until finished). */
  stake: bigint;
  payout: bigint;
  actions: string[];
}

export function checkStepBet(
  mechanic: StepMechanic,
  bet: unknown,
): { bet: StepBet; stake: string } | { problem: BetProblem } {
  if (!bet || typeof bet !== 'object' || (bet as { type?: unknown }).type !== mechanic)
    return { problem: 'bet_invalid' };
  if (mechanic === 'blackjack') return checkBlackjackBet(bet);
  if (mechanic === 'mines') return checkMinesBet(bet);
  return checkCrashBet(bet);
}

/** What a round's summary reads of its mechanic's state; the payout is only worked out once finished. */
interface RoundFigures {
  stake: bigint;
  payout: () => bigint;
  actions: string[];
}

function figuresOf(mechanic: StepMechanic, state: StepRound['state']): RoundFigures {
  if (mechanic === 'blackjack') {
    const s = state as BlackjackState;
    return { stake: BigInt(blackjackStake(s)), payout: () => BigInt(blackjackPayout(s)), actions: blackjackActions(s) };
  }
  if (mechanic === 'mines') {
    const s = state as MinesState;
    return { stake: s.stake, payout: () => minesPayoutOf(s), actions: minesActions(s) };
  }
  const s = state as CrashState;
  return { stake: s.stake, payout: () => crashPayout(s), actions: s.finished ? [] : ['cashout'] };
}

function summary(mechanic: StepMechanic, state: StepRound['state']): StepRound {
  const { stake, payout, actions } = figuresOf(mechanic, state);
  return { mechanic, state, finished: state.finished, stake, payout: state.finished ? payout() : 0n, actions };
}

export type ActResult = { ok: true; extra: bigint } | { ok: false };

/** Plays one action on a live state; `extra` is the stake it adds (double, split). */
export function applyAction(mechanic: StepMechanic, state: StepRound['state'], action: StepAction): ActResult {
  if (mechanic === 'blackjack') {
    const extra = actBlackjack(state as BlackjackState, action.action);
    return extra === undefined ? { ok: false } : { ok: true, extra: BigInt(extra) };
  }
  if (mechanic === 'mines')
    return actMines(state as MinesState, action.action, action.cell) ? { ok: true, extra: 0n } : { ok: false };
  return actCrash(state as CrashState, action.action, action.elapsed_ms ?? 0) ? { ok: true, extra: 0n } : { ok: false };
}

/** Ends an open round by the game's published expiry rule. */
export function expireRound(mechanic: StepMechanic, state: StepRound['state']) {
  if (mechanic === 'blackjack') standAll(state as BlackjackState);
  else if (mechanic === 'mines') minesExpire(state as MinesState);
  else crashExpire(state as CrashState);
}

/**
 * Replays a round on a stream: the deal, then the recorded actions in order (an action that was
 * refused is never recorded), then optionally `next` (the action being played now) or the expiry.
 */
export function replay(
  mechanic: StepMechanic,
  bet: StepBet,
  actions: readonly StepAction[],
  random: Random,
  extra?: (state: StepRound['state']) => void,
): StepRound {
  const stake = Number(positiveCents(bet.amount)!);
  const state =
    mechanic === 'blackjack'
      ? dealBlackjack(stake, random)
      : mechanic === 'mines'
        ? startMines(bet as MinesBet, random)
        : startCrash(bet as CrashBet, random);
  for (const action of actions) {
    if (action.action === 'expire') expireRound(mechanic, state);
    else if (!applyAction(mechanic, state, action).ok)
      throw new Error(`Recorded action ${action.action_id} does not apply`);
  }
  extra?.(state);
  return summary(mechanic, state);
}

/** The async replay on a seed pair's stream (fetches as many HMAC blocks as the round needs). */
export function replayOn(
  pair: SeedPair,
  mechanic: StepMechanic,
  bet: StepBet,
  actions: readonly StepAction[],
  extra?: (state: StepRound['state']) => void,
) {
  return withFairRandom(pair, (random) => replay(mechanic, bet, actions, random, extra));
}

/** What the player may see of a round: never undealt cards, the hole card or mine cells before the end. */
export function stepView(round: StepRound, elapsed = 0): Record<string, unknown> {
  const view =
    round.mechanic === 'blackjack'
      ? blackjackView(round.state as BlackjackState)
      : round.mechanic === 'mines'
        ? minesView(round.state as MinesState)
        : crashView(round.state as CrashState, elapsed);
  return {
    type: round.mechanic,
    ...view,
    stake: fromCents(round.stake),
    ...(round.finished ? { payout: fromCents(round.payout) } : {}),
  };
}

/**
 * Verify: recomputes a finished round from the revealed server seed and the recorded actions;
 * answers the recomputed view, stake and payout, to compare with what the round recorded.
 */
export async function verifyStepRound(
  pair: SeedPair,
  mechanic: StepMechanic,
  bet: StepBet,
  actions: readonly StepAction[],
) {
  const round = await replayOn(pair, mechanic, bet, actions);
  return {
    finished: round.finished,
    stake: fromCents(round.stake),
    win: fromCents(round.payout),
    view: stepView(round),
  };
}
