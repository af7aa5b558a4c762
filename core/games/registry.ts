/**
 * Every game mechanic's module, the one list the provider, the Verify panel and the seeded
 * history look a mechanic up in. Adding a game is adding its module here (docs/games.md).
 */
import type { GameModule, SingleRoundGame, StepGame } from './game-module.ts';
import { diceGame } from './dice/game.ts';
import { rouletteGame } from './roulette/game.ts';
import { slotGame } from './slot/game.ts';
import { baccaratGame } from './baccarat/game.ts';
import { blackjackGame } from './blackjack/game.ts';
import { minesGame } from './mines/game.ts';
import { crashGame } from './crash/game.ts';
import { limboGame } from './limbo/game.ts';
import { kenoGame } from './keno/game.ts';
import { fromCents, toCents } from '../api/money.ts';
import { ANY_STAKE, takesStake, type StakeRule } from './fair-stake.ts';
import type { TopWinChance } from './slot-top-win.ts';

export const GAME_MODULES: readonly GameModule[] = [
  diceGame,
  rouletteGame,
  slotGame,
  baccaratGame,
  blackjackGame,
  minesGame,
  crashGame,
  limboGame,
  kenoGame,
];

const byMechanic = new Map(GAME_MODULES.map((game) => [game.mechanic, game]));

export const gameModule = (mechanic: string): GameModule | undefined => byMechanic.get(mechanic);

export function singleRoundGame(mechanic: string): SingleRoundGame {
  const game = byMechanic.get(mechanic);
  if (game?.kind !== 'single') throw new Error(`No single-round game ${mechanic}`);
  return game;
}

export function stepGame(mechanic: string): StepGame {
  const game = byMechanic.get(mechanic);
  if (game?.kind !== 'steps') throw new Error(`No multi-step game ${mechanic}`);
  return game;
}

/**
 * The smallest stake a title takes: the configured minimum, raised to the least stake any of its
 * bets takes and then to the title's stake step, so the catalogue and the info panel never advertise
 * a stake the game refuses (a 20-line slot at 0.10, crash under its rounding minimum).
 */
export function gameMinBet(mechanic: string, gameId: string, configuredMin: string): string {
  const game = byMechanic.get(mechanic);
  const step = (game?.kind === 'single' && game.stakeStep?.(gameId)) || 1n;
  const configured = toCents(configuredMin)!;
  const min = game?.leastStake?.(configured) ?? configured;
  return fromCents(((min + step - 1n) / step) * step);
}

type RuledGame = { stakeRule?(bet: object): StakeRule; ruledStakes?(bet: object): string[] } | undefined;

/** The stakes a checked bet takes (core/games/fair-stake.ts), whatever its amount. */
export const betStakeRule = (mechanic: string, bet: object): StakeRule =>
  (byMechanic.get(mechanic) as RuledGame)?.stakeRule?.(bet) ?? ANY_STAKE;

/**
 * The rule a checked bet's stake breaks (where rounding a win down to the cent would cost more than
 * 0.1 percentage point of its RTP), or undefined when it takes its stake.
 */
export function betStakeRefusal(mechanic: string, bet: object): StakeRule | undefined {
  const game = byMechanic.get(mechanic) as RuledGame;
  const rule = betStakeRule(mechanic, bet);
  const amounts = game?.ruledStakes?.(bet) ?? [(bet as { amount: string }).amount];
  return amounts.every((amount) => takesStake(rule, toCents(amount)!)) ? undefined : rule;
}

/**
 * Whether the game page offers ½ and 2× for the stake: not where the stake goes in steps of the
 * title's own (a slot's, by line), which halving and doubling would leave.
 */
export function takesQuickStake(mechanic: string): boolean {
  const game = gameModule(mechanic);
  return !(game?.kind === 'single' && game.stakeStep);
}

/** The exact chance of a title's top win, for a game that has a single one (slots); undefined otherwise. */
export function topWinChance(mechanic: string, gameId: string): TopWinChance | undefined {
  const game = byMechanic.get(mechanic);
  return game?.kind === 'single' ? game.topWinChance?.(gameId) : undefined;
}
