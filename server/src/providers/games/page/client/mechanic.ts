import type { GameBet, GameOutcome, RoundView } from '#core/games/protocol.ts';
import { describeOutcome } from '#core/games/describe.ts';
import { fromCents, toCents } from '#core/api/money.ts';
import { ANY_STAKE, leastTakenStake, type StakeRule } from '#core/games/fair-stake.ts';
import type { T } from './dom.ts';

/** What the page shares with each mechanic's controls. */
export interface Ctx {
  t: T;
  money: (amount: string) => string;
  /** Locale-aware number formatting, for rolls, pockets and odds (display only). */
  intl: string;
  /** The game being played (a slot's title fixes its machine and symbols). */
  gameId: string;
  /** The title's smallest stake (the session's min_bet). */
  minBet: string;
}

/** A refusal the page shows in its alert, with the field to focus. */
export interface BetRefusal {
  error: string;
  focus: HTMLElement;
}

export interface MechanicUi {
  /** The controls that go in the bet form, before the stake. */
  controls: HTMLElement;
  /** What the last round looks like (slot reels, roulette pocket); may be empty. */
  board: HTMLElement;
  /** The bet from the controls with this stake, or why it cannot be placed. */
  bet(stake: string): GameBet | BetRefusal;
  /** Shows a finished round on the board; resolves once its animation (if any) has shown the outcome. */
  show(round: RoundView): void | Promise<void>;
  /** The label of the submit button. */
  action: string;
  /** Controls placed after the stake, before the submit button (roulette's "add"). */
  extra?: HTMLElement;
  /** The stakes the current bet takes (core/games/fair-stake.ts), where it has a rule. */
  stakeRule?(): StakeRule;
  /** Gives the controls the checked stake (null when it is refused) and the page's alert. */
  bind?(readStake: () => string | null, refuse: (refusal: BetRefusal) => void): void;
}

/**
 * The stakes a bet takes (where its win rounds down to the cent, core/games/fair-stake.ts), from the
 * title's minimum on: "Minimum stake for this bet: €7.68", or, where a step makes every win exact,
 * "Stakes for this bet: multiples of €0.20 (…), or any stake from €4.22".
 */
export function betMinStakeText(t: T, money: (amount: string) => string, titleMin: string, rule: StakeRule): string {
  const title = toCents(titleMin)!;
  const least = leastTakenStake(rule, title);
  if (rule.step === rule.anyFrom || least >= rule.anyFrom) return t('bet_min_stake', { min: money(fromCents(least)) });
  return t('bet_stake_steps', { step: money(fromCents(rule.step)), from: money(fromCents(rule.anyFrom)) });
}

/**
 * The stake field's first value: 1.00, or the title's smallest stake where that is more, raised to a
 * stake the opening bet takes (three mines 7.68), so the page's defaults are a bet it takes.
 */
export function openingStake(minBet: string, rule = ANY_STAKE): string {
  const from = toCents(minBet)! > 100n ? toCents(minBet)! : 100n;
  return fromCents(leastTakenStake(rule, from));
}

export const isRefusal = (value: GameBet | BetRefusal): value is BetRefusal => 'error' in value;

/**
 * One short line per outcome, for the status message and the rounds table (shared with the site's history,
 * core/games/describe.ts).
 */
export const describe = (outcome: GameOutcome, ctx: Ctx): string => describeOutcome(outcome, ctx);
