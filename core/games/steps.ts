/**
 * Multi-step games (blackjack, mines, crash): a round is its bet plus the player's recorded
 * actions, replayed on the round's provably-fair stream. The provider replays it to play the
 * next action; the Verify panel replays a finished round from the revealed server seed and the
 * recorded actions and must reach the same result (`verifyStepRound`).
 */
import type { Random, SeedPair } from './fairness.ts';
import { withFairRandom } from './fairness.ts';
import type { BetProblem } from './resolved.ts';
import { fromCents } from '../api/money.ts';
import type { BlackjackBet, BlackjackState } from './blackjack.ts';
import type { MinesBet, MinesState } from './mines.ts';
import type { CrashBet, CrashState } from './crash.ts';
import type { ActResult, StepAction } from './game-module.ts';
import { stepGame } from './registry.ts';
import { positiveCents } from './stake.ts';

export type { ActResult, StepAction } from './game-module.ts';

export const STEP_MECHANICS = ['blackjack', 'mines', 'crash'] as const;
export type StepMechanic = (typeof STEP_MECHANICS)[number];
export const isStepMechanic = (mechanic: string): mechanic is StepMechanic =>
  (STEP_MECHANICS as readonly string[]).includes(mechanic);

export type StepBet = BlackjackBet | MinesBet | CrashBet;

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
  return stepGame(mechanic).checkBet(bet) as { bet: StepBet; stake: string } | { problem: BetProblem };
}

function summary(mechanic: StepMechanic, state: StepRound['state']): StepRound {
  const { stake, payout, actions } = stepGame(mechanic).figures(state);
  return { mechanic, state, finished: state.finished, stake, payout: state.finished ? payout() : 0n, actions };
}

/** Plays one action on a live state; `extra` is the stake it adds (double, split). */
export function applyAction(mechanic: StepMechanic, state: StepRound['state'], action: StepAction): ActResult {
  return stepGame(mechanic).act(state, action);
}

/** Ends an open round by the game's published expiry rule. */
export function expireRound(mechanic: StepMechanic, state: StepRound['state']) {
  stepGame(mechanic).expire(state);
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
  const state = stepGame(mechanic).start(bet, positiveCents(bet.amount)!, random) as StepRound['state'];
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
  const view = stepGame(round.mechanic).view(round.state, elapsed);
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
