/**
 * The demo game provider's own protocol: between a game page (in the player's iframe) and the
 * provider's server. The session id in the path is the capability, as with a real provider's
 * launch URL; the site's token is never sent here. Bodies are plain JSON (the provider is a
 * third party in real life, not part of our encrypted contract). Money is a decimal string.
 *
 *   GET  /demo-games/play/:sessionId?theme=light|dark      → the game page (HTML), in the session's locale
 *   GET  /demo-games/api/sessions/:sessionId               → GameSessionState
 *   POST /demo-games/api/sessions/:sessionId/rounds        {bet: GameBet}          → RoundResponse
 *   POST /demo-games/api/sessions/:sessionId/seeds         {client_seed: string}   → SeedRotation
 *   Multi-step games (blackjack, mines, crash; core/games/steps.ts): POST …/rounds answers a
 *   StepRoundResponse (state "open" until the round ends), then
 *   POST /demo-games/api/sessions/:sessionId/rounds/:roundId/actions {action, action_id, cell?} → StepRoundResponse
 *   GET  /demo-games/api/sessions/:sessionId/rounds/:roundId                                  → StepRoundResponse
 *
 * Errors: 400 {detail} (bad bet, bet limits, insufficient funds), 403 {detail} (the player may not
 * play, e.g. a loss limit), 404 {detail} (unknown session), 410 {detail} (session expired);
 * `detail` is in the session's locale.
 *
 * Provably fair: outcome bytes = HMAC-SHA256(key = server seed bytes, message =
 * `${client_seed}:${nonce}:${cursor}`), cursor 0, 1, 2, … for as many 32-byte blocks as a round
 * needs; numbers are drawn from these bytes without modulo bias (core/games/fairness.ts). The first
 * round after a (re)seed has nonce 1.
 */
import type { GameMechanic } from './mechanics.ts';

export type { GameMechanic };

export interface DiceBet {
  type: 'dice';
  amount: string;
  /**
   * "0.01"…"98.00" under, "1.99"…"99.98" over (a win chance of at most 98 %): the roll (0.00–99.99)
   * must be under or over it.
   */
  target: string;
  direction: 'over' | 'under';
}

export type RouletteBetKind =
  'straight' | 'split' | 'red' | 'black' | 'odd' | 'even' | 'low' | 'high' | 'dozen' | 'column';

export interface RouletteStake {
  kind: RouletteBetKind;
  amount: string;
  /** straight: [n]; split: two adjacent numbers; dozen and column: [1|2|3]; others: omitted. */
  numbers?: number[];
}

export interface RouletteBet {
  type: 'roulette';
  /**
   * French rules (set by the provider from the game): on zero, even-money stakes return half.
   * Absent: European rules, zero loses every outside bet.
   */
  la_partage?: true;
  /** One spin may carry several stakes; the round's stake is their sum. */
  stakes: RouletteStake[];
}

export interface SlotBet {
  type: 'slot';
  /** The total stake of one spin, spread evenly over the fixed paylines. */
  amount: string;
  /**
   * The slot title (its machine and symbols), set by the provider from the game being played;
   * absent on rounds played before titles had their own maths (Amber Fortune's reels).
   */
  title?: string;
}

export interface BaccaratBet {
  type: 'baccarat';
  amount: string;
  /** Which hand wins, or a tie. */
  on: 'player' | 'banker' | 'tie';
}

export interface LimboBet {
  type: 'limbo';
  amount: string;
  /** The target multiplier, "1.01"…"1000000.00": the round wins when the result reaches it. */
  target: string;
}

export type KenoRisk = 'low' | 'medium' | 'high';

export interface KenoBet {
  type: 'keno';
  amount: string;
  risk: KenoRisk;
  /** 1 to 10 distinct numbers from 1 to 40, in the player's order. */
  picks: number[];
}

export type GameBet = DiceBet | RouletteBet | SlotBet | BaccaratBet | LimboBet | KenoBet;

export interface DiceOutcome {
  type: 'dice';
  roll: string;
}
export interface RouletteOutcome {
  type: 'roulette';
  pocket: number;
}
export interface SlotOutcome {
  type: 'slot';
  /** The reel stops (index into each reel strip), one per reel. */
  stops: number[];
  /** The visible symbols, rows × reels, top row first. */
  grid: string[][];
  /** Winning lines: payline index, symbol, how many in a row, win. */
  lines: { line: number; symbol: string; count: number; win: string }[];
}
export interface BaccaratOutcome {
  type: 'baccarat';
  /** The cards in deal order, rank then suit ("TD" = ten of diamonds, "AS" = ace of spades). */
  player: string[];
  banker: string[];
  player_total: number;
  banker_total: number;
  winner: 'player' | 'banker' | 'tie';
}
export interface LimboOutcome {
  type: 'limbo';
  /** The drawn multiplier, two decimals ("1.00" at the least). */
  result: string;
}
export interface KenoOutcome {
  type: 'keno';
  /** The 10 drawn numbers, in draw order. */
  drawn: number[];
  /** How many picks were drawn. */
  hits: number;
}
export type GameOutcome = DiceOutcome | RouletteOutcome | SlotOutcome | BaccaratOutcome | LimboOutcome | KenoOutcome;

export interface RoundView {
  round_id: string;
  nonce: number;
  client_seed: string;
  server_seed_hash: string;
  /** Present once the seed pair has been rotated, so the round can be verified. */
  server_seed?: string;
  bet: GameBet;
  outcome: GameOutcome;
  stake: string;
  win: string;
  created_at: string;
  /** Multi-step rounds: the recorded actions (replayed by Verify). */
  actions?: { action_id: string; action: string; cell?: number; elapsed_ms?: number }[];
}

export interface FairnessState {
  server_seed_hash: string;
  /**
   * The commitment to the server seed the next rotation makes active, shown before the player chooses a client seed.
   */
  next_server_seed_hash?: string;
  client_seed: string;
  /** Rounds played with this seed pair so far. */
  nonce: number;
}

/** The controls a game page may offer that a licensed market can forbid (RTS 14C–14G, GlüStV §22a). */
export const PLAY_FEATURES = ['turbo', 'quick_play', 'autoplay', 'slam_stop'] as const;
export type PlayFeature = (typeof PLAY_FEATURES)[number];

export interface GameSessionState {
  session_id: string;
  game: { id: string; name: string; provider: string; mechanic: GameMechanic };
  mode: 'real' | 'demo';
  locale: string;
  currency: string;
  /** Real money: the wallet's cash balance; demo: the session's play money. */
  balance: string;
  min_bet: string;
  max_bet: string;
  expires_at: string;
  fairness: FairnessState;
  /** The latest rounds, newest first (at most 20). */
  rounds: RoundView[];
  /** Multi-step games: the round still in play (the page resumes it), else null. */
  open_round?: StepRoundView | null;
  /** The controls the market forbids (docs/markets.md): the page leaves them out. */
  forbidden_features: PlayFeature[];
  /** The market's least seconds between the starts of two rounds of this game (0: none): the page paces to it. */
  minimum_round_seconds: number;
  /** The market asks for the game's RTP and the chance of its top win beside the stake (GlüStV §22a). */
  odds_at_stake: boolean;
}

/**
 * A multi-step round as the player may see it: `view` never holds undealt cards, the hole card or mine cells before the
 * end.
 */
export interface StepRoundView {
  id: string;
  round_id: string;
  state: 'open' | 'settled';
  /** The actions the round allows now (none once settled). */
  actions: string[];
  view: Record<string, unknown>;
  bet: Record<string, unknown>;
  /** The round's whole stake (doubles and splits included). */
  stake: string;
  /** The payout once settled, else null. */
  win: string | null;
  nonce: number;
  client_seed: string;
  server_seed_hash: string;
  server_seed?: string;
  /** The recorded actions, to verify the round by replaying them. */
  history: { action_id: string; action: string; cell?: number; elapsed_ms?: number }[];
  created_at: string;
}

export interface RoundResponse {
  round: RoundView;
  balance: string;
}

export interface SeedRotation {
  /** The retired pair, now revealed: every round played with it can be verified. */
  revealed: { server_seed: string; server_seed_hash: string; client_seed: string; nonce: number };
  fairness: FairnessState;
}

/** The message a game page posts to its parent (with an exact target origin) after every round. */
export interface BalanceChangedMessage {
  type: 'balance-changed';
}
