/**
 * Mines: a 5×5 grid (cells 0–24, row by row), 1–24 mines chosen by the player. The mine cells are
 * the first m cells of a Fisher–Yates shuffle of 0–24 drawn from the round's stream (forward:
 * j = i + int(25 − i), swap(i, j), for i = 0 … m − 1). The player reveals cells one at a time; a
 * mine loses the stake, every safe cell raises the multiplier, and the player may cash out after
 * at least one safe cell (revealing every safe cell cashes out by itself).
 *   multiplier(m, k) = (1 − edge) × C(25, k) / C(25 − m, k), edge = 1 %
 * so every strategy returns 99 %: the chance to survive k reveals is C(25 − m, k) / C(25, k).
 * win = floor(stake in cents × 99 × C(25, k) / (100 × C(25 − m, k))) cents.
 * A mine count's stakes keep what rounding down costs within 0.1 percentage point of the 99 % for
 * every cash-out point at every stake it takes (core/games/fair-stake.ts): any stake from €9.28
 * with one mine (the first safe cell pays 1.03125×) down to €0.30 with 24, and below that the
 * multiples of a step on which every cash-out is exact, where one is small (€0.04 with 24 mines).
 * At session expiry an open round is cashed out with what is revealed (none revealed: the stake
 * is returned).
 */
import type { Random } from './fairness.ts';
import type { BetProblem } from './resolved.ts';
import { fromCents } from '../api/money.ts';
import { positiveCents } from './stake.ts';
import { fairStakeRule, type PayWay, type StakeRule } from './fair-stake.ts';

export const CELLS = 25;
export const MINES_EDGE_PERCENT = 1;
export const MINES_RTP = '99.00';

export interface MinesBet {
  type: 'mines';
  amount: string;
  mines: number;
}

export interface MinesState {
  stake: bigint;
  mines: number;
  /** The mine cells (secret until the round ends). */
  positions: number[];
  revealed: number[];
  /** The mine the player hit, if any. */
  hit: number | null;
  cashedOut: boolean;
  finished: boolean;
}

export function checkMinesBet(bet: object): { bet: MinesBet; stake: string } | { problem: BetProblem } {
  const { amount, mines } = bet as Partial<MinesBet>;
  const cents = positiveCents(amount);
  if (cents === undefined || !Number.isInteger(mines) || mines! < 1 || mines! > CELLS - 1)
    return { problem: 'bet_invalid' };
  const stake = fromCents(cents);
  return { bet: { type: 'mines', amount: stake, mines: mines! }, stake };
}

export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/** The exact multiplier after k safe cells with m mines, as a fraction [numerator, denominator]. */
export function minesMultiplier(mines: number, k: number): [bigint, bigint] {
  return [BigInt(100 - MINES_EDGE_PERCENT) * binomial(CELLS, k), 100n * binomial(CELLS - mines, k)];
}

const stakeRules = new Map<number, StakeRule>();

/**
 * The stakes a mine count takes, over its cash-out points k, each a bet of its own (any strategy
 * is a mix of them, as only the number of safe cells counts).
 */
export function minesStakeRule(mines: number): StakeRule {
  let rule = stakeRules.get(mines);
  if (rule) return rule;
  const points: PayWay[][] = [];
  for (let k = 1; k <= CELLS - mines; k++)
    points.push([{ chance: [binomial(CELLS - mines, k), binomial(CELLS, k)], multiplier: minesMultiplier(mines, k) }]);
  stakeRules.set(mines, (rule = fairStakeRule(points)));
  return rule;
}

/** The multiplier as text with 4 decimals, rounded down (for display). */
export function minesMultiplierText(mines: number, k: number): string {
  const [num, den] = minesMultiplier(mines, k);
  const tenThousandths = (num * 10_000n) / den;
  return `${tenThousandths / 10_000n}.${String(tenThousandths % 10_000n).padStart(4, '0')}`;
}

/** What cashing out after k safe cells pays (cents, rounded down); k = 0 returns the stake. */
export function minesPayout(stake: bigint, mines: number, k: number): bigint {
  if (k === 0) return stake;
  const [num, den] = minesMultiplier(mines, k);
  return (stake * num) / den;
}

export function startMines(bet: MinesBet, random: Random): MinesState {
  const cells = Array.from({ length: CELLS }, (_, i) => i);
  for (let i = 0; i < bet.mines; i++) {
    const j = i + random.int(CELLS - i);
    [cells[i], cells[j]] = [cells[j]!, cells[i]!];
  }
  return {
    stake: positiveCents(bet.amount)!,
    mines: bet.mines,
    positions: cells.slice(0, bet.mines).sort((a, b) => a - b),
    revealed: [],
    hit: null,
    cashedOut: false,
    finished: false,
  };
}

export function minesActions(state: MinesState): string[] {
  if (state.finished) return [];
  return state.revealed.length ? ['reveal', 'cashout'] : ['reveal'];
}

/** Plays reveal {cell} or cashout; false when not allowed. */
export function actMines(state: MinesState, action: string, cell?: unknown): boolean {
  if (state.finished) return false;
  if (action === 'cashout') {
    if (!state.revealed.length) return false;
    state.cashedOut = true;
    state.finished = true;
    return true;
  }
  if (
    action !== 'reveal' ||
    !Number.isInteger(cell) ||
    (cell as number) < 0 ||
    (cell as number) >= CELLS ||
    state.revealed.includes(cell as number)
  )
    return false;
  if (state.positions.includes(cell as number)) {
    state.hit = cell as number;
    state.finished = true;
    return true;
  }
  state.revealed.push(cell as number);
  if (state.revealed.length === CELLS - state.mines) {
    state.cashedOut = true;
    state.finished = true;
  }
  return true;
}

/** The expiry rule: cash out what is revealed. */
export function minesExpire(state: MinesState) {
  if (state.finished) return;
  state.cashedOut = true;
  state.finished = true;
}

export const minesPayoutOf = (state: MinesState): bigint =>
  state.hit !== null ? 0n : minesPayout(state.stake, state.mines, state.revealed.length);

/** What the player may see: never the mine cells before the round ends. */
export function minesView(state: MinesState) {
  const k = state.revealed.length;
  return {
    mines: state.mines,
    revealed: [...state.revealed],
    multiplier: k === 0 ? '1.0000' : minesMultiplierText(state.mines, k),
    cashout: fromCents(minesPayout(state.stake, state.mines, k)),
    ...(k < CELLS - state.mines ? { next_multiplier: minesMultiplierText(state.mines, k + 1) } : {}),
    ...(state.finished ? { positions: [...state.positions], hit: state.hit } : {}),
  };
}
