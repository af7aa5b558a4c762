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

export const GAME_MODULES: readonly GameModule[] = [
  diceGame,
  rouletteGame,
  slotGame,
  baccaratGame,
  blackjackGame,
  minesGame,
  crashGame,
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
