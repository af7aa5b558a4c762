/**
 * Keno. 40 numbers; the player picks 1 to 10 of them and a risk level; 10 numbers are drawn
 * without replacement by a partial Fisher–Yates shuffle of 1…40 from the stream: for i = 0…9,
 * j = i + int(40 − i), swap positions i and j; the drawn numbers are positions 0…9, in draw order.
 * Every ordered draw of 10 distinct numbers is equally likely, so with n picks the chance of
 * exactly k hits is hypergeometric: C(n, k) × C(40 − n, 10 − k) / C(40, 10).
 * The paytable of the risk level and pick count gives the multiplier (in hundredths) for k hits;
 * the win is floor(stake × multiplier / 100) cents. Each table's exact RTP,
 * Σ_k P(k) × multiplier(k) / 100, lies between 97.42 % and 97.99 % (published per table in
 * KENO_RTP; tests/unit/games/keno.test.ts computes every one with exact rationals).
 * Low risk pays often and little (up to 999×), high rarely and much (up to 10,000×).
 */
import type { KenoBet, KenoOutcome, KenoRisk } from './protocol.ts';
import type { Random } from './fairness.ts';
import type { BetProblem, Resolved } from './resolved.ts';
import { fromCents } from '../api/money.ts';
import { positiveCents } from './stake.ts';
import { fairStakeRule, type PayWay, type StakeRule } from './fair-stake.ts';

export const KENO_NUMBERS = 40;
export const KENO_DRAWN = 10;
export const KENO_MAX_PICKS = 10;
export const KENO_RISKS = ['low', 'medium', 'high'] as const satisfies readonly KenoRisk[];

/** Multipliers in hundredths, per risk, per pick count (index picks − 1), per number of hits (index k). */
export const KENO_PAYTABLES: Readonly<Record<KenoRisk, readonly (readonly number[])[]>> = {
  low: [
    [0, 391],
    [0, 188, 442],
    [0, 0, 567, 1680],
    [0, 0, 309, 663, 2380],
    [0, 0, 0, 904, 2340, 9970],
    [0, 0, 159, 242, 515, 1580, 7930],
    [0, 0, 0, 333, 612, 1540, 5570, 33100],
    [0, 0, 0, 241, 393, 855, 2530, 10800, 78100],
    [0, 0, 0, 0, 598, 990, 2030, 5290, 18500, 99900],
    [0, 0, 0, 0, 429, 618, 1050, 2170, 5560, 18800, 99900],
  ],
  medium: [
    [0, 391],
    [0, 173, 541],
    [0, 0, 519, 2220],
    [0, 0, 0, 1880, 10300],
    [0, 0, 0, 0, 8020, 55300],
    [0, 0, 0, 0, 2820, 12600, 108200],
    [0, 0, 0, 0, 0, 12700, 59200, 500000],
    [0, 0, 0, 0, 0, 5610, 16500, 70300, 499900],
    [0, 0, 0, 0, 0, 0, 27700, 56500, 143300, 499900],
    [0, 0, 0, 0, 0, 0, 12300, 22200, 47700, 128900, 499900],
  ],
  high: [
    [0, 391],
    [0, 0, 1690],
    [0, 0, 0, 8060],
    [0, 0, 0, 1660, 14000],
    [0, 0, 0, 0, 7070, 79000],
    [0, 0, 0, 0, 0, 35300, 519200],
    [0, 0, 0, 0, 0, 11300, 74000, 999900],
    [0, 0, 0, 0, 0, 0, 73200, 222200, 999900],
    [0, 0, 0, 0, 0, 0, 0, 495800, 669000, 1000000],
    [0, 0, 0, 0, 0, 0, 0, 160100, 251000, 450300, 999900],
  ],
};

/** Each table's exact RTP in percent, rounded half-up to two decimals (index picks − 1). */
export const KENO_RTP: Readonly<Record<KenoRisk, readonly string[]>> = {
  low: ['97.75', '97.81', '97.88', '97.77', '97.94', '97.60', '97.88', '97.93', '97.89', '97.80'],
  medium: ['97.75', '97.75', '97.88', '97.72', '97.96', '97.85', '97.90', '97.82', '97.88', '97.42'],
  high: ['97.75', '97.50', '97.89', '97.56', '97.95', '97.93', '97.88', '97.94', '97.99', '97.98'],
};

const isRisk = (value: unknown): value is KenoRisk => KENO_RISKS.includes(value as KenoRisk);

/** The picks when they are 1 to 10 distinct whole numbers from 1 to 40, else undefined. */
export function kenoPicks(value: unknown): number[] | undefined {
  if (!Array.isArray(value) || value.length < 1 || value.length > KENO_MAX_PICKS) return undefined;
  if (!value.every((n) => Number.isInteger(n) && n >= 1 && n <= KENO_NUMBERS)) return undefined;
  return new Set(value).size === value.length ? [...(value as number[])] : undefined;
}

export function checkKenoBet(bet: object): { bet: KenoBet; stake: string } | { problem: BetProblem } {
  const { amount, risk, picks } = bet as Partial<KenoBet>;
  const cents = positiveCents(amount);
  const checked = kenoPicks(picks);
  if (cents === undefined || !isRisk(risk) || !checked) return { problem: 'bet_invalid' };
  const stake = fromCents(cents);
  return { bet: { type: 'keno', amount: stake, risk, picks: checked }, stake };
}

/** The 10 drawn numbers: a partial Fisher–Yates shuffle of 1…40, one int per drawn number. */
export function drawKeno(random: Random): number[] {
  const pool = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
  for (let i = 0; i < KENO_DRAWN; i++) {
    const j = i + random.int(KENO_NUMBERS - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, KENO_DRAWN);
}

/** The multiplier in hundredths for `hits` of `picks` numbers at a risk level. */
export const kenoMultiplier = (risk: KenoRisk, picks: number, hits: number): number =>
  KENO_PAYTABLES[risk][picks - 1]![hits]!;

export function resolveKeno(bet: KenoBet, random: Random): Resolved<KenoOutcome> {
  const drawn = drawKeno(random);
  const chosen = new Set(bet.picks);
  const hits = drawn.filter((n) => chosen.has(n)).length;
  const stake = positiveCents(bet.amount)!;
  const win = (stake * BigInt(kenoMultiplier(bet.risk, bet.picks.length, hits))) / 100n;
  const outcome: KenoOutcome = { type: 'keno', drawn, hits };
  return { outcome, stake: fromCents(stake), win: fromCents(win) };
}

const choose = (n: number, k: number): bigint => {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
};

/** The exact chance of `hits` hits with `picks` numbers: C(picks, hits) × C(40 − picks, 10 − hits) / C(40, 10). */
export const kenoHitChance = (picks: number, hits: number): [bigint, bigint] => [
  choose(picks, hits) * choose(KENO_NUMBERS - picks, KENO_DRAWN - hits),
  choose(KENO_NUMBERS, KENO_DRAWN),
];

/** The ways a table pays: each paying hit count with its exact chance and multiplier. */
export const kenoPayWays = (risk: KenoRisk, picks: number): PayWay[] =>
  KENO_PAYTABLES[risk][picks - 1]!.flatMap((multiplier, hits) =>
    multiplier ? [{ chance: kenoHitChance(picks, hits), multiplier: [BigInt(multiplier), 100n] as const }] : [],
  );

/** The stakes a table takes (rounding costs at most 0.1 percentage point of its RTP). */
export const kenoStakeRule = (risk: KenoRisk, picks: number): StakeRule => fairStakeRule([kenoPayWays(risk, picks)]);

/** The best table's RTP, the catalogue's headline figure (every table's is in KENO_RTP). */
export const KENO_BEST_RTP = '97.99';
