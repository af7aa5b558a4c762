/**
 * The demo provider's catalogue: every game, the maths it plays (mechanic, and for slots the
 * machine through SLOT_TITLES), its published return to player and volatility, and the key of its
 * short rules text (locales/<lang>/game_rules.json). server/src/db/seed.ts writes it to the
 * `games` table; the rules page (/rules) lists it in every language.
 *
 * RTP figures are percentages as decimal strings, two decimals, rounded half-up from the exact
 * fraction the unit tests compute by enumeration (tests/unit/games/rtp.test.ts, baccarat.test.ts);
 * a change to any strip, paytable or rule must change the pinned figure there. `rtp` is the
 * return of the game's best bet; `rtp_bets` lists every bet's where they differ.
 */
import type { GameMechanic } from './mechanics.ts';
import type { Volatility } from './slot.ts';
import { BLACKJACK_RTP, BLACKJACK_RTP_PER_INITIAL_STAKE } from './blackjack.ts';
import { CRASH_RTP } from './crash.ts';
import { MINES_RTP } from './mines.ts';
import { LIMBO_RTP } from './limbo.ts';
import { KENO_BEST_RTP } from './keno.ts';

export const DICE_RTP = '99.00';
/** Per bet: banker 0.95:1, player 1:1, tie 8:1 (8 decks). */
export const BACCARAT_RTP = { banker: '98.94', player: '98.76', tie: '85.64' } as const;
/** Single zero, 36/37 on every bet. */
export const EUROPEAN_ROULETTE_RTP = '97.30';
/** La partage: even-money bets 36.5/37, every other bet 36/37. */
export const FRENCH_ROULETTE_RTP = { even_money: '98.65', other: '97.30' } as const;
/** Per slot machine (core/games/slot.ts), exact finite decimals rounded to two places. */
export const SLOT_RTP = { classic: '95.40', trio: '95.65', dragon: '95.66' } as const;

export type RulesKey =
  | 'dice'
  | 'blackjack'
  | 'mines'
  | 'crash'
  | 'limbo'
  | 'keno'
  | 'baccarat'
  | 'roulette_european'
  | 'roulette_french'
  | 'slot_classic'
  | 'slot_trio'
  | 'slot_dragon';

export interface CatalogueGame {
  id: string;
  name: string;
  provider: string;
  category: 'slots' | 'table' | 'instant' | 'live';
  mechanic: GameMechanic;
  rtp: string;
  /** The return of each bet, when the game's bets differ (a rules-text key → percent). */
  rtp_bets?: Readonly<Record<string, string>>;
  volatility?: Volatility;
  rules: RulesKey;
}

/**
 * How each mechanic's published RTP was obtained, shown beside it on /rules and in the info panel
 * (issue 38): exact by formula (dice, roulette, mines, crash: tests/unit/games/rtp.test.ts), exact
 * by enumerating every outcome (every reel stop, every card order of the shoe), or, for blackjack
 * only, measured by simulation, on a base it names (the total staked, and per initial stake).
 */
export const RTP_METHODS: Readonly<Record<GameMechanic, 'formula' | 'enumeration' | 'simulation'>> = {
  dice: 'formula',
  roulette: 'formula',
  slot: 'enumeration',
  baccarat: 'enumeration',
  blackjack: 'simulation',
  mines: 'formula',
  crash: 'formula',
  limbo: 'formula',
  keno: 'formula',
};

/** The figures the simulation's sentence names, as published strings. */
export const SIMULATED_RTP = { total: BLACKJACK_RTP, initial: BLACKJACK_RTP_PER_INITIAL_STAKE } as const;

export const GAME_CATALOGUE = [
  {
    id: 'amber-fortune',
    name: 'Amber Fortune',
    provider: 'Lumen Studios',
    category: 'slots',
    mechanic: 'slot',
    rtp: SLOT_RTP.classic,
    volatility: 'medium',
    rules: 'slot_classic',
  },
  {
    id: 'dragon-gold',
    name: 'Dragon Gold',
    provider: 'Red Lantern',
    category: 'slots',
    mechanic: 'slot',
    rtp: SLOT_RTP.dragon,
    volatility: 'high',
    rules: 'slot_dragon',
  },
  {
    id: 'lucky-sevens',
    name: 'Lucky Sevens',
    provider: 'Classic Reels',
    category: 'slots',
    mechanic: 'slot',
    rtp: SLOT_RTP.trio,
    volatility: 'low',
    rules: 'slot_trio',
  },
  {
    id: 'star-voyage',
    name: 'Star Voyage',
    provider: 'Nebula Games',
    category: 'slots',
    mechanic: 'slot',
    rtp: SLOT_RTP.trio,
    volatility: 'low',
    rules: 'slot_trio',
  },
  {
    id: 'pharaoh-riches',
    name: 'Pharaoh Riches',
    provider: 'Sandstone',
    category: 'slots',
    mechanic: 'slot',
    rtp: SLOT_RTP.dragon,
    volatility: 'high',
    rules: 'slot_dragon',
  },
  {
    id: 'fruit-fiesta',
    name: 'Fruit Fiesta',
    provider: 'Classic Reels',
    category: 'slots',
    mechanic: 'slot',
    rtp: SLOT_RTP.classic,
    volatility: 'medium',
    rules: 'slot_classic',
  },
  {
    id: 'french-roulette',
    name: 'French Roulette',
    provider: 'Velvet Tables',
    category: 'table',
    mechanic: 'roulette',
    rtp: FRENCH_ROULETTE_RTP.even_money,
    rtp_bets: FRENCH_ROULETTE_RTP,
    rules: 'roulette_french',
  },
  {
    id: 'blackjack',
    name: 'Blackjack',
    provider: 'Lumen Studios',
    category: 'table',
    mechanic: 'blackjack',
    rtp: BLACKJACK_RTP,
    rules: 'blackjack',
  },
  {
    id: 'baccarat-royale',
    name: 'Baccarat Royale',
    provider: 'Velvet Tables',
    category: 'table',
    mechanic: 'baccarat',
    rtp: BACCARAT_RTP.banker,
    rtp_bets: BACCARAT_RTP,
    rules: 'baccarat',
  },
  {
    id: 'european-roulette',
    name: 'European Roulette',
    provider: 'Lumen Studios',
    category: 'table',
    mechanic: 'roulette',
    rtp: EUROPEAN_ROULETTE_RTP,
    rules: 'roulette_european',
  },
  {
    id: 'crash',
    name: 'Crash',
    provider: 'Nebula Games',
    category: 'instant',
    mechanic: 'crash',
    rtp: CRASH_RTP,
    rules: 'crash',
  },
  {
    id: 'limbo',
    name: 'Limbo',
    provider: 'Nebula Games',
    category: 'instant',
    mechanic: 'limbo',
    rtp: LIMBO_RTP,
    rules: 'limbo',
  },
  {
    id: 'keno',
    name: 'Keno',
    provider: 'Red Lantern',
    category: 'instant',
    mechanic: 'keno',
    rtp: KENO_BEST_RTP,
    rules: 'keno',
  },
  {
    id: 'mines',
    name: 'Mines',
    provider: 'Red Lantern',
    category: 'instant',
    mechanic: 'mines',
    rtp: MINES_RTP,
    rules: 'mines',
  },
  {
    id: 'dice',
    name: 'Dice',
    provider: 'Nebula Games',
    category: 'instant',
    mechanic: 'dice',
    rtp: DICE_RTP,
    rules: 'dice',
  },
] as const satisfies readonly CatalogueGame[];

export type CatalogueGameId = (typeof GAME_CATALOGUE)[number]['id'];

/** Case- and accent-insensitive search text: "Café" and "cafe" match. */
export const searchable = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
