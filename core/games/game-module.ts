/**
 * The one interface every game mechanic implements, one object per mechanic in
 * core/games/<mechanic>/game.ts, listed in core/games/registry.ts. Nothing else tells games apart:
 * the provider, the Verify panel and the seeded history ask the registry for a mechanic's module.
 * Modules take their randomness only from the provably fair stream passed in and import nothing
 * from server/, so they can run in a separate provider process.
 */
import type { Random } from './fairness.ts';
import type { GameBet } from './protocol.ts';
import type { BetProblem, Resolved } from './resolved.ts';
import type { StakeRule } from './fair-stake.ts';
import type { TopWinChance } from './slot-top-win.ts';

export type CheckedBet<B> = { bet: B; stake: string } | { problem: BetProblem };

/** Random numbers for a demo history row (not the fair stream: seeded rows only need a plausible bet). */

export interface SampleRandom {
  int(n: number): number;
}

/** A game settled by one draw: dice, roulette, slot, baccarat. */
export interface SingleRoundGame<B extends GameBet = GameBet> {
  kind: 'single';
  mechanic: B['type'];
  /** The bet's shape for this game (`gameId` fixes what the page may not choose: a slot's title, roulette's rules). */
  checkBet(bet: object, gameId?: string): CheckedBet<B>;
  /** The outcome and win, drawing numbers from `random` in the mechanic's fixed order. */
  resolve(bet: B, random: Random): Resolved;
  /** A plausible bet for the seeded demo history. */
  sampleBet(gameId: string, stake: string, random: SampleRandom): B;
  /** The cents every stake of this title must be a multiple of (a slot's line count); 1 when absent. */
  stakeStep?(gameId: string): bigint;
  /**
   * The stakes this bet takes: where a win rounds down to the cent, those on which rounding costs
   * the player at most 0.1 percentage point of the bet's RTP (core/games/fair-stake.ts). Any stake
   * when absent.
   */
  stakeRule?(bet: B): StakeRule;
  /** The stakes of a bet the rule applies to (roulette's even-money ones); the bet's amount when absent. */
  ruledStakes?(bet: B): string[];
  /** The least stake in cents from `from` on that some bet of the title takes (for the catalogue). */
  leastStake?(from: bigint): bigint;
  /** The exact chance of the title's top win, for a game that has a single one (a slot's top line). */
  topWinChance?(gameId: string): TopWinChance;
}

/** One recorded action: what the player sent, and for crash the server's ms since the round opened. */
export interface StepAction {
  action_id: string;
  action: string;
  cell?: number;
  elapsed_ms?: number;
}

/** What a round's summary reads of a state; the payout is only worked out once finished. */
export interface RoundFigures {
  stake: bigint;
  payout(): bigint;
  actions: string[];
}

export type ActResult = { ok: true; extra: bigint } | { ok: false };

/** A game played over several actions on one fair stream: blackjack, mines, crash. */
export interface StepGame<B = object, S extends { finished: boolean } = { finished: boolean }> {
  kind: 'steps';
  mechanic: string;
  checkBet(bet: object): CheckedBet<B>;
  /**
   * The stakes this bet takes: where a win rounds down to the cent, those on which rounding costs
   * the player at most 0.1 percentage point of the bet's RTP (core/games/fair-stake.ts). Any stake
   * when absent.
   */
  stakeRule?(bet: B): StakeRule;
  /** The stakes of a bet the rule applies to (roulette's even-money ones); the bet's amount when absent. */
  ruledStakes?(bet: B): string[];
  /** The least stake in cents from `from` on that some bet of the title takes (for the catalogue). */
  leastStake?(from: bigint): bigint;
  /** The opening state (the deal, the mine field, the crash point). */
  start(bet: B, stakeCents: bigint, random: Random): S;
  /** Plays one action on a live state; `extra` is the stake it adds (double, split). */
  act(state: S, action: StepAction): ActResult;
  /** Ends an open round by the game's published expiry rule. */
  expire(state: S): void;
  figures(state: S): RoundFigures;
  /** What the player may see: never undealt cards, the hole card or mine cells before the end. */
  view(state: S, elapsedMs: number): Record<string, unknown>;
  /**
   * For a game that runs on the server's clock (crash): each action carries the ms since the round
   * opened, and the round settles itself by its auto rule once `endsAt` ms have passed.
   */
  clock?: { endsAt(state: S): number };
}

export type GameModule = SingleRoundGame | StepGame;
