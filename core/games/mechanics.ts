/** The game mechanics; each seeded game maps to one. Maths in core/games/<mechanic>.ts, module in <mechanic>/game.ts */
export const GAME_MECHANICS = [
  'dice',
  'roulette',
  'slot',
  'baccarat',
  'blackjack',
  'mines',
  'crash',
  'limbo',
  'keno',
] as const;
export type GameMechanic = (typeof GAME_MECHANICS)[number];
