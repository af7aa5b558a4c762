/**
 * Single-zero roulette: one draw, pocket = int(37), 0–36. Every stake is settled on its own and
 * pays back stake × (payout + 1) when it wins.
 *   European rules: zero loses every outside bet. RTP 36/37 = 97.30 % on every bet.
 *   French rules (la partage, FRENCH_ROULETTE_GAMES): on zero, each even-money stake (red, black,
 *   odd, even, low, high) returns half of itself, rounded down to the cent; even-money RTP
 *   (18 × 2 + ½) / 37 = 36.5/37 = 98.65 %, every other bet 97.30 %.
 *   straight 35:1 · split 17:1 · red, black, odd, even, low (1–18), high (19–36) 1:1 ·
 *   dozen (1–12, 13–24, 25–36) 2:1 · column (1, 2, 3: numbers ≡ 1, 2, 0 mod 3) 2:1
 * Every bet covers k numbers and pays 36 / k times the stake, so each has RTP 36/37 = 97.297… %.
 * Stakes and wins are whole cents: no rounding, except la partage's half of an odd number of cents.
 * So on a French table an even-money stake is in even cents or at least €0.14: then rounding costs
 * at most 0.1 percentage point of the spin's return (core/games/fair-stake.ts).
 */
import type { RouletteBet, RouletteBetKind, RouletteOutcome, RouletteStake } from './protocol.ts';
import type { Random } from './fairness.ts';
import type { BetProblem, Resolved } from './resolved.ts';
import { fromCents as centsToString } from '../api/money.ts';
import { positiveCents } from './stake.ts';
import { ANY_STAKE, fairStakeRule, type StakeRule } from './fair-stake.ts';

export const POCKETS = 37;
/** The games played with French rules (la partage); every other roulette game has European rules. */
export const FRENCH_ROULETTE_GAMES: readonly string[] = ['french-roulette'];
/** The even-money bets, which la partage halves on zero. */
export const EVEN_MONEY: readonly RouletteBetKind[] = ['red', 'black', 'odd', 'even', 'low', 'high'];
export const RED_NUMBERS: readonly number[] = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
/** At most this many stakes in one spin. */
export const MAX_STAKES = 40;

export const ROULETTE_PAYOUTS: Record<RouletteBetKind, number> = {
  straight: 35,
  split: 17,
  red: 1,
  black: 1,
  odd: 1,
  even: 1,
  low: 1,
  high: 1,
  dozen: 2,
  column: 2,
};

/** An even-money stake on a French table: la partage halves it on zero (even cents, or from €0.14). */
export const LA_PARTAGE_STAKES = fairStakeRule([[{ chance: [1n, BigInt(POCKETS)], multiplier: [1n, 2n] }]]);

/** The stakes a spin's even-money stakes take: any, except on a French table. */
export const rouletteStakeRule = (bet: RouletteBet): StakeRule => (bet.la_partage ? LA_PARTAGE_STAKES : ANY_STAKE);

/**
 * The stakes of a spin that rouletteStakeRule applies to: its even-money ones. Each loses at most
 * half a cent on zero, so the spin's loss over its total stake stays within the limit when each
 * one's does.
 */
export const rouletteRuledStakes = (bet: RouletteBet): string[] =>
  bet.stakes.filter((item) => EVEN_MONEY.includes(item.kind)).map((item) => item.amount);

const isNumber = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 36;

/** Two numbers share an edge on the table layout (0 borders 1, 2 and 3). */
export function isSplit(a: number, b: number): boolean {
  const [low, high] = a < b ? [a, b] : [b, a];
  if (low === 0) return high >= 1 && high <= 3;
  if (high - low === 3) return true;
  return high - low === 1 && low % 3 !== 0;
}

/** The numbers a stake covers, or undefined when it is malformed. */
export function coveredNumbers(stake: Pick<RouletteStake, 'kind' | 'numbers'>): number[] | undefined {
  const all = Array.from({ length: 36 }, (_, i) => i + 1);
  const numbers = stake.numbers;
  const one = numbers?.length === 1 ? numbers[0] : undefined;
  switch (stake.kind) {
    case 'straight':
      return isNumber(one) ? [one] : undefined;
    case 'split':
      return numbers?.length === 2 && isNumber(numbers[0]) && isNumber(numbers[1]) && isSplit(numbers[0], numbers[1])
        ? [...numbers]
        : undefined;
    case 'red':
      return numbers === undefined ? [...RED_NUMBERS] : undefined;
    case 'black':
      return numbers === undefined ? all.filter((n) => !RED_NUMBERS.includes(n)) : undefined;
    case 'odd':
      return numbers === undefined ? all.filter((n) => n % 2 === 1) : undefined;
    case 'even':
      return numbers === undefined ? all.filter((n) => n % 2 === 0) : undefined;
    case 'low':
      return numbers === undefined ? all.filter((n) => n <= 18) : undefined;
    case 'high':
      return numbers === undefined ? all.filter((n) => n >= 19) : undefined;
    case 'dozen':
      return one === 1 || one === 2 || one === 3 ? all.filter((n) => Math.ceil(n / 12) === one) : undefined;
    case 'column':
      return one === 1 || one === 2 || one === 3 ? all.filter((n) => n % 3 === one % 3) : undefined;
    default:
      return undefined;
  }
}

/** The rules come from the game being played (`gameId`); without one (a stored bet), from the bet. */
export function checkRouletteBet(
  bet: object,
  gameId?: string,
): { bet: RouletteBet; stake: string } | { problem: BetProblem } {
  const { stakes } = bet as Partial<RouletteBet>;
  const laPartage =
    gameId !== undefined ? FRENCH_ROULETTE_GAMES.includes(gameId) : (bet as Partial<RouletteBet>).la_partage === true;
  if (!Array.isArray(stakes) || stakes.length === 0 || stakes.length > MAX_STAKES) return { problem: 'bet_invalid' };
  const clean: RouletteStake[] = [];
  let total = 0n;
  for (const stake of stakes as unknown[]) {
    if (!stake || typeof stake !== 'object') return { problem: 'bet_invalid' };
    const { kind, amount, numbers } = stake as RouletteStake;
    const cents = positiveCents(amount);
    if (
      cents === undefined ||
      !Object.hasOwn(ROULETTE_PAYOUTS, kind) ||
      coveredNumbers({ kind, numbers }) === undefined
    )
      return { problem: 'bet_invalid' };
    total += cents;
    clean.push(
      numbers === undefined
        ? { kind, amount: centsToString(cents) }
        : { kind, amount: centsToString(cents), numbers: [...numbers] },
    );
  }
  return {
    bet: laPartage ? { type: 'roulette', la_partage: true, stakes: clean } : { type: 'roulette', stakes: clean },
    stake: centsToString(total),
  };
}

export function resolveRoulette(bet: RouletteBet, random: Random): Resolved<RouletteOutcome> {
  const pocket = random.int(POCKETS);
  let stake = 0n;
  let win = 0n;
  for (const item of bet.stakes) {
    const cents = positiveCents(item.amount)!;
    stake += cents;
    if (coveredNumbers(item)!.includes(pocket)) win += cents * BigInt(ROULETTE_PAYOUTS[item.kind] + 1);
    else if (pocket === 0 && bet.la_partage && EVEN_MONEY.includes(item.kind)) win += cents / 2n;
  }
  return { outcome: { type: 'roulette', pocket }, stake: centsToString(stake), win: centsToString(win) };
}

export const pocketColour = (pocket: number): 'green' | 'red' | 'black' =>
  pocket === 0 ? 'green' : RED_NUMBERS.includes(pocket) ? 'red' : 'black';
