/**
 * The slots: three machines with their own reel strips, paytables, lines and volatility, and six
 * titles, each playing one machine with its own symbols (SLOT_TITLES). No wilds or features, so
 * each machine's maths fit on a page.
 *
 * Draws: one per reel, in reel order, stop = int(strip length). Row r of reel i shows
 * strip_i[(stop_i + r) mod length]. A line pays when its leftmost 3 or more symbols are the same:
 * pay = stake per line × paytable[symbol][count − 3], stake per line = stake / lines, so the stake
 * must be a multiple of one cent per line (wins are then whole cents: no rounding).
 * RTP = the expected pay of one line (each line reads one cell per reel, and a uniform stop shows
 * each strip's symbols uniformly), computed exactly by enumeration in tests/unit/games/rtp.test.ts;
 * every strip length is a power of two, so each RTP is a finite decimal.
 *   classic  5 reels × 3 rows, 10 lines, medium volatility, RTP 95.40 % (top pay 2500 × line)
 *   trio     3 reels × 3 rows, 5 lines, low volatility (a line wins 1 spin in 13), RTP 95.65 %
 *   dragon   5 reels × 3 rows, 20 lines, high volatility (top pay 10 000 × line), RTP 95.66 %
 */
import type { SlotBet, SlotOutcome } from './protocol.ts';
import type { Random } from './fairness.ts';
import type { BetProblem, Resolved } from './resolved.ts';
import { fromCents as centsToString } from '../api/money.ts';
import { positiveCents } from './stake.ts';

export type SlotMachineId = 'classic' | 'trio' | 'dragon';
export type Volatility = 'low' | 'medium' | 'high';

export interface SlotMachine {
  reels: number;
  rows: number;
  /** Row index per reel for each payline, top row = 0. */
  paylines: readonly (readonly number[])[];
  /** Per reel, the symbol rank (0 = lowest … 5 = top) at each stop. */
  strips: readonly (readonly number[])[];
  /** Per symbol rank: pays for 3, 4, … reels of a kind, in multiples of the stake per line. */
  paytable: readonly (readonly number[])[];
  volatility: Volatility;
}

const FIVE_BY_THREE_LINES = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
] as const;

export const SLOT_MACHINES: Record<SlotMachineId, SlotMachine> = {
  // Each strip: 9 × rank 0, 8 × 1, 6 × 2, 4 × 3, 3 × 4, 2 × 5 (32 stops), in its own order.
  classic: {
    reels: 5,
    rows: 3,
    paylines: FIVE_BY_THREE_LINES,
    strips: [
      [0, 0, 0, 1, 3, 1, 5, 0, 3, 5, 0, 0, 2, 1, 1, 2, 3, 1, 0, 1, 0, 3, 4, 1, 2, 0, 4, 2, 4, 2, 1, 2],
      [1, 1, 3, 0, 2, 3, 4, 3, 0, 0, 0, 5, 4, 2, 0, 0, 1, 1, 2, 0, 2, 2, 4, 5, 2, 1, 3, 1, 1, 1, 0, 0],
      [5, 0, 3, 1, 0, 0, 3, 2, 1, 1, 3, 0, 3, 0, 0, 2, 2, 4, 1, 5, 1, 1, 2, 1, 4, 2, 0, 1, 4, 0, 0, 2],
      [2, 2, 1, 1, 0, 0, 4, 3, 0, 2, 0, 1, 3, 1, 0, 1, 4, 3, 0, 0, 5, 2, 0, 1, 4, 2, 2, 1, 0, 1, 5, 3],
      [3, 0, 4, 4, 3, 0, 1, 2, 0, 1, 1, 0, 2, 0, 1, 3, 1, 0, 5, 3, 0, 1, 0, 5, 2, 2, 1, 2, 4, 2, 1, 0],
    ],
    paytable: [
      [5, 20, 60],
      [8, 30, 100],
      [15, 60, 250],
      [30, 120, 600],
      [60, 300, 1000],
      [100, 500, 2500],
    ],
    volatility: 'medium',
  },
  // Each strip: 6 × rank 0, 4 × 1, 3 × 2, one each of 3, 4, 5 (16 stops); three of a kind only.
  trio: {
    reels: 3,
    rows: 3,
    paylines: [
      [1, 1, 1],
      [0, 0, 0],
      [2, 2, 2],
      [0, 1, 2],
      [2, 1, 0],
    ],
    strips: [
      [0, 4, 1, 1, 3, 2, 0, 0, 2, 1, 0, 0, 5, 1, 0, 2],
      [2, 1, 0, 2, 0, 0, 1, 2, 0, 4, 1, 5, 0, 0, 1, 3],
      [4, 0, 3, 1, 1, 2, 2, 5, 2, 1, 0, 0, 1, 0, 0, 0],
    ],
    paytable: [[9], [12], [28], [50], [100], [300]],
    volatility: 'low',
  },
  // Each strip: 9 × rank 0, 8 × 1, 6 × 2, 4 × 3, 3 × 4, 2 × 5 (32 stops), 20 lines, steep paytable.
  dragon: {
    reels: 5,
    rows: 3,
    paylines: [
      ...FIVE_BY_THREE_LINES,
      [0, 1, 1, 1, 0],
      [2, 1, 1, 1, 2],
      [0, 2, 0, 2, 0],
      [2, 0, 2, 0, 2],
      [1, 1, 0, 1, 1],
      [1, 1, 2, 1, 1],
      [0, 0, 2, 0, 0],
      [2, 2, 0, 2, 2],
      [0, 1, 0, 1, 0],
      [2, 1, 2, 1, 2],
    ],
    strips: [
      [4, 2, 2, 1, 0, 1, 3, 0, 2, 0, 1, 1, 0, 0, 0, 1, 3, 0, 2, 1, 5, 0, 0, 2, 1, 3, 1, 3, 5, 2, 4, 4],
      [2, 0, 2, 1, 0, 0, 0, 1, 3, 5, 1, 2, 4, 2, 3, 1, 1, 4, 1, 4, 2, 3, 1, 1, 3, 0, 2, 0, 0, 5, 0, 0],
      [0, 1, 1, 1, 0, 2, 2, 0, 0, 3, 4, 2, 1, 4, 1, 3, 1, 5, 2, 0, 2, 0, 5, 3, 1, 4, 1, 0, 3, 2, 0, 0],
      [1, 3, 1, 5, 0, 5, 2, 2, 4, 4, 1, 3, 3, 4, 1, 1, 0, 2, 1, 3, 0, 2, 2, 0, 1, 1, 0, 0, 0, 2, 0, 0],
      [2, 0, 3, 1, 1, 3, 1, 0, 4, 1, 5, 2, 3, 2, 5, 0, 1, 1, 1, 4, 0, 0, 1, 0, 0, 0, 0, 2, 2, 2, 4, 3],
    ],
    paytable: [
      [5, 16, 60],
      [8, 30, 120],
      [12, 60, 300],
      [25, 120, 600],
      [50, 300, 2000],
      [100, 1000, 10000],
    ],
    volatility: 'high',
  },
};

/** Each slot title: its machine and its own six symbols, lowest to top. */
export const SLOT_TITLES = {
  'amber-fortune': { machine: 'classic', symbols: ['cherry', 'lemon', 'plum', 'bell', 'star', 'seven'] },
  'fruit-fiesta': { machine: 'classic', symbols: ['orange', 'grape', 'strawberry', 'melon', 'pineapple', 'mango'] },
  'lucky-sevens': {
    machine: 'trio',
    symbols: ['bar', 'double_bar', 'triple_bar', 'clover', 'horseshoe', 'lucky_seven'],
  },
  'star-voyage': { machine: 'trio', symbols: ['moon', 'planet', 'comet', 'satellite', 'rocket', 'galaxy'] },
  'dragon-gold': { machine: 'dragon', symbols: ['coin', 'lantern', 'fan', 'jade', 'pearl', 'dragon'] },
  'pharaoh-riches': { machine: 'dragon', symbols: ['lotus', 'ankh', 'scarab', 'eye', 'sphinx', 'mask'] },
} as const satisfies Record<string, { machine: SlotMachineId; symbols: readonly string[] }>;
export type SlotTitleId = keyof typeof SLOT_TITLES;
/** Rounds played before titles had their own maths carry no title: they were Amber Fortune's reels. */
export const DEFAULT_SLOT_TITLE: SlotTitleId = 'amber-fortune';

export const isSlotTitle = (id: unknown): id is SlotTitleId => typeof id === 'string' && Object.hasOwn(SLOT_TITLES, id);
export const slotTitle = (id: string | undefined) => SLOT_TITLES[isSlotTitle(id) ? id : DEFAULT_SLOT_TITLE];
export const slotMachine = (id: string | undefined) => SLOT_MACHINES[slotTitle(id).machine];

/** A slot stake of this title is a multiple of this (one cent per line). */
/** The cents every stake of a title must be a multiple of: one per payline, so each line gets whole cents. */
export const slotStakeCents = (title: string | undefined) => BigInt(slotMachine(title).paylines.length);
export const slotStakeStep = (title: string | undefined) => centsToString(slotStakeCents(title));

/** The leftmost run on one line: its symbol and length. */
export function lineRun<S>(symbols: readonly S[]): { symbol: S; count: number } {
  const symbol = symbols[0]!;
  let count = 1;
  while (count < symbols.length && symbols[count] === symbol) count++;
  return { symbol, count };
}

/** The multiple of the line stake a run of `count` symbols of rank `rank` pays (0 below three of a kind). */
export function runPay(machine: SlotMachine, rank: number, count: number): number {
  return count >= 3 ? machine.paytable[rank]![count - 3]! : 0;
}

/**
 * A slot bet for the game: the title comes from the game being played (`gameId`), never from the
 * page; without a game (re-checking a stored bet) the bet's own title, or the default.
 */
export function checkSlotBet(bet: object, gameId?: string): { bet: SlotBet; stake: string } | { problem: BetProblem } {
  const title = gameId !== undefined ? gameId : (bet as Partial<SlotBet>).title;
  if (gameId !== undefined && !isSlotTitle(gameId)) return { problem: 'bet_invalid' };
  const cents = positiveCents((bet as Partial<SlotBet>).amount);
  if (cents === undefined) return { problem: 'bet_invalid' };
  if (cents % slotStakeCents(title) !== 0n) return { problem: 'slot_step' };
  const stake = centsToString(cents);
  return { bet: isSlotTitle(title) ? { type: 'slot', amount: stake, title } : { type: 'slot', amount: stake }, stake };
}

/** The visible ranks (rows × reels, top row first) for the given stops. */
export function slotRanks(machine: SlotMachine, stops: readonly number[]): number[][] {
  return Array.from({ length: machine.rows }, (_, row) =>
    machine.strips.map((strip, reel) => strip[(stops[reel]! + row) % strip.length]!),
  );
}

/** The visible symbols of a title (rows × reels, top row first) for the given stops. */
export function slotGrid(title: string | undefined, stops: readonly number[]): string[][] {
  const { symbols } = slotTitle(title);
  return slotRanks(slotMachine(title), stops).map((row) => row.map((rank) => symbols[rank]!));
}

export function resolveSlot(bet: SlotBet, random: Random): Resolved<SlotOutcome> {
  const machine = slotMachine(bet.title);
  const { symbols } = slotTitle(bet.title);
  const stops = machine.strips.map((strip) => random.int(strip.length));
  const ranks = slotRanks(machine, stops);
  const perLine = positiveCents(bet.amount)! / BigInt(machine.paylines.length);
  const lines: SlotOutcome['lines'] = [];
  let win = 0n;
  machine.paylines.forEach((rows, line) => {
    const { symbol: rank, count } = lineRun(rows.map((row, reel) => ranks[row]![reel]!));
    const pay = runPay(machine, rank, count);
    if (pay === 0) return;
    const lineWin = perLine * BigInt(pay);
    win += lineWin;
    lines.push({ line, symbol: symbols[rank]!, count, win: centsToString(lineWin) });
  });
  const grid = ranks.map((row) => row.map((rank) => symbols[rank]!));
  return { outcome: { type: 'slot', stops, grid, lines }, stake: bet.amount, win: centsToString(win) };
}
