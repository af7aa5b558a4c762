/**
 * The slot: 5 reels × 3 rows, 10 fixed paylines, no wilds or features, so its maths fit on a page.
 * Draws: one per reel, in reel order, stop = int(strip length). Row r of reel i shows
 * strip_i[(stop_i + r) mod length]. A line pays when its leftmost 3, 4 or 5 symbols are the same:
 * pay = stake per line × SLOT_PAYTABLE[symbol][count − 3], stake per line = stake / 10, so the
 * stake must be a multiple of 0.10 (wins are then whole cents: no rounding).
 * RTP = the expected pay of one line (every line sees each strip's symbols uniformly), computed
 * exactly by enumerating the strips in tests/unit/games-rtp.test.ts: 95.40 % (see SLOT_RTP there).
 */
import type { SlotBet, SlotOutcome } from './protocol.ts';
import type { Random } from './fairness.ts';
import type { BetProblem, Resolved } from './round.ts';
import { fromCents as centsToString } from '../api/money.ts';
import { positiveCents } from './stake.ts';

export type SlotSymbol = 'cherry' | 'lemon' | 'plum' | 'bell' | 'star' | 'seven';
export const SLOT_SYMBOLS: readonly SlotSymbol[] = ['cherry', 'lemon', 'plum', 'bell', 'star', 'seven'];
export const SLOT_ROWS = 3;

/** Pays for 3, 4 and 5 of a kind, in multiples of the stake per line. */
export const SLOT_PAYTABLE: Record<SlotSymbol, readonly [number, number, number]> = {
  cherry: [5, 20, 60],
  lemon: [8, 30, 100],
  plum: [15, 60, 250],
  bell: [30, 120, 600],
  star: [60, 300, 1000],
  seven: [100, 500, 2500],
};

/** Row index per reel for each payline, top row = 0. */
export const SLOT_PAYLINES: readonly (readonly number[])[] = [
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
];

/** Each strip: 9 cherry, 8 lemon, 6 plum, 4 bell, 3 star, 2 seven (32 stops), in its own order. */
export const SLOT_STRIPS: readonly (readonly SlotSymbol[])[] = [
  ['cherry', 'cherry', 'cherry', 'lemon', 'bell', 'lemon', 'seven', 'cherry', 'bell', 'seven', 'cherry', 'cherry', 'plum', 'lemon', 'lemon', 'plum', 'bell', 'lemon', 'cherry', 'lemon', 'cherry', 'bell', 'star', 'lemon', 'plum', 'cherry', 'star', 'plum', 'star', 'plum', 'lemon', 'plum'],
  ['lemon', 'lemon', 'bell', 'cherry', 'plum', 'bell', 'star', 'bell', 'cherry', 'cherry', 'cherry', 'seven', 'star', 'plum', 'cherry', 'cherry', 'lemon', 'lemon', 'plum', 'cherry', 'plum', 'plum', 'star', 'seven', 'plum', 'lemon', 'bell', 'lemon', 'lemon', 'lemon', 'cherry', 'cherry'],
  ['seven', 'cherry', 'bell', 'lemon', 'cherry', 'cherry', 'bell', 'plum', 'lemon', 'lemon', 'bell', 'cherry', 'bell', 'cherry', 'cherry', 'plum', 'plum', 'star', 'lemon', 'seven', 'lemon', 'lemon', 'plum', 'lemon', 'star', 'plum', 'cherry', 'lemon', 'star', 'cherry', 'cherry', 'plum'],
  ['plum', 'plum', 'lemon', 'lemon', 'cherry', 'cherry', 'star', 'bell', 'cherry', 'plum', 'cherry', 'lemon', 'bell', 'lemon', 'cherry', 'lemon', 'star', 'bell', 'cherry', 'cherry', 'seven', 'plum', 'cherry', 'lemon', 'star', 'plum', 'plum', 'lemon', 'cherry', 'lemon', 'seven', 'bell'],
  ['bell', 'cherry', 'star', 'star', 'bell', 'cherry', 'lemon', 'plum', 'cherry', 'lemon', 'lemon', 'cherry', 'plum', 'cherry', 'lemon', 'bell', 'lemon', 'cherry', 'seven', 'bell', 'cherry', 'lemon', 'cherry', 'seven', 'plum', 'plum', 'lemon', 'plum', 'star', 'plum', 'lemon', 'cherry'],
];

const LINES = BigInt(SLOT_PAYLINES.length);
/** A slot stake is a multiple of this (one cent per line). */
export const SLOT_STAKE_STEP = centsToString(LINES);

/** The leftmost run on one line: its symbol and length (1–5). */
export function lineRun(symbols: readonly SlotSymbol[]): { symbol: SlotSymbol; count: number } {
  const symbol = symbols[0]!;
  let count = 1;
  while (count < symbols.length && symbols[count] === symbol) count++;
  return { symbol, count };
}

/** The multiple of the line stake a run pays (0 below three of a kind). */
export function runPay(symbol: SlotSymbol, count: number): number {
  return count >= 3 ? SLOT_PAYTABLE[symbol][count - 3]! : 0;
}

export function checkSlotBet(bet: object): { bet: SlotBet; stake: string } | { problem: BetProblem } {
  const cents = positiveCents((bet as Partial<SlotBet>).amount);
  if (cents === undefined) return { problem: 'bet_invalid' };
  if (cents % LINES !== 0n) return { problem: 'slot_step' };
  const stake = centsToString(cents);
  return { bet: { type: 'slot', amount: stake }, stake };
}

/** The visible grid (rows × reels, top row first) for the given stops. */
export function slotGrid(stops: readonly number[]): SlotSymbol[][] {
  return Array.from({ length: SLOT_ROWS }, (_, row) => SLOT_STRIPS.map((strip, reel) => strip[(stops[reel]! + row) % strip.length]!));
}

export function resolveSlot(bet: SlotBet, random: Random): Resolved<SlotOutcome> {
  const stops = SLOT_STRIPS.map((strip) => random.int(strip.length));
  const grid = slotGrid(stops);
  const perLine = positiveCents(bet.amount)! / LINES;
  const lines: SlotOutcome['lines'] = [];
  let win = 0n;
  SLOT_PAYLINES.forEach((rows, line) => {
    const { symbol, count } = lineRun(rows.map((row, reel) => grid[row]![reel]!));
    const pay = runPay(symbol, count);
    if (pay === 0) return;
    const lineWin = perLine * BigInt(pay);
    win += lineWin;
    lines.push({ line, symbol, count, win: centsToString(lineWin) });
  });
  return { outcome: { type: 'slot', stops, grid, lines }, stake: bet.amount, win: centsToString(win) };
}
