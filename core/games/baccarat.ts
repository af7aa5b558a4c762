/**
 * Baccarat (punto banco), one round per request. Eight 52-card decks (416 cards); the cards a
 * round needs are drawn without replacement from the provably fair stream: draw k (k = 0, 1, …)
 * takes j = k + int(416 − k) and swaps shoe[k] with shoe[j] — the first steps of a Fisher–Yates
 * shuffle of the ordered shoe, so every ordering of the dealt cards is equally likely. The shoe is
 * fresh every round (no cut card, nothing carried over), which is what the RTP figures assume.
 *
 * Deal order: player, banker, player, banker; then the player's third card, then the banker's.
 * Card values: ace 1, 2–9 face value, 10 and faces 0; a hand's total is its sum mod 10.
 *   - A natural (8 or 9 on two cards, either hand): both stand.
 *   - Player: draws on 0–5, stands on 6–7.
 *   - Banker, when the player stood: draws on 0–5, stands on 6–7.
 *   - Banker, when the player drew a third card worth p: draws on 0–2; on 3 unless p = 8; on 4 if
 *     p is 2–7; on 5 if p is 4–7; on 6 if p is 6–7; stands on 7.
 * Bets (one per round): player pays 1:1; banker pays 0.95:1 (5 % commission, the win rounded DOWN
 * to the cent); tie pays 8:1. On a tie, player and banker bets are returned.
 * RTP by exact enumeration (tests/unit/games/baccarat.test.ts): banker 98.94 %, player 98.76 %,
 * tie 85.64 %.
 * The banker's 0.95:1 rounds down unless the stake is a multiple of €0.20, so a banker stake is a
 * multiple of €0.20 (1.95× exact) or at least €4.22, from where rounding costs at most 0.1
 * percentage point of its return at every stake (core/games/fair-stake.ts). Player and tie pay
 * whole multiples and take any stake.
 */
import type { BaccaratBet, BaccaratOutcome } from './protocol.ts';
import type { Random } from './fairness.ts';
import type { BetProblem, Resolved } from './resolved.ts';
import { fromCents as centsToString } from '../api/money.ts';
import { positiveCents } from './stake.ts';
import { ANY_STAKE, fairStakeRule, type StakeRule } from './fair-stake.ts';

export const BACCARAT_DECKS = 8;
export const SHOE_CARDS = BACCARAT_DECKS * 52;
export const BACCARAT_SIDES = ['player', 'banker', 'tie'] as const;
export type BaccaratSide = (typeof BACCARAT_SIDES)[number];

/** Ranks A, 2–9, T (ten), J, Q, K; suits spades, hearts, diamonds, clubs. */
const RANKS = 'A23456789TJQK';
const SUITS = 'SHDC';

/** The card at position `index` of the ordered shoe (deck after deck, suit after suit), e.g. "TD". */
export const cardAt = (index: number) => `${RANKS[index % 13]}${SUITS[Math.floor(index / 13) % 4]}`;

/** A card's baccarat value: ace 1, 2–9 their value, ten and faces 0. */
export function cardValue(card: string): number {
  const rank = RANKS.indexOf(card[0]!);
  return rank < 9 ? rank + 1 : 0;
}

export const handTotal = (cards: readonly string[]) => cards.reduce((sum, card) => sum + cardValue(card), 0) % 10;

/**
 * Does the banker draw, on `total`, when the player's third card is worth `playerThird` (undefined: the player stood)?
 */
export function bankerDraws(total: number, playerThird: number | undefined): boolean {
  if (playerThird === undefined) return total <= 5;
  switch (total) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/**
 * Plays a coup from a source of card values, in deal order: the hands' totals and who wins.
 * Shared by the resolver (real cards) and the RTP enumeration (values with multiplicities).
 */
export function playCoup<C>(
  next: () => C,
  value: (card: C) => number,
): { player: C[]; banker: C[]; winner: BaccaratSide } {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  const total = (cards: C[]) => cards.reduce((sum, card) => sum + value(card), 0) % 10;
  const natural = total(player) >= 8 || total(banker) >= 8;
  if (!natural) {
    let third: number | undefined;
    if (total(player) <= 5) {
      const card = next();
      player.push(card);
      third = value(card);
    }
    if (bankerDraws(total(banker), third)) banker.push(next());
  }
  const [p, b] = [total(player), total(banker)];
  return { player, banker, winner: p > b ? 'player' : b > p ? 'banker' : 'tie' };
}

/** What a bet returns (stake included), in cents. */
export function baccaratPayout(side: BaccaratSide, winner: BaccaratSide, stake: bigint): bigint {
  if (winner === 'tie') return side === 'tie' ? stake * 9n : stake;
  if (side !== winner) return 0n;
  return side === 'player' ? stake * 2n : stake + (stake * 95n) / 100n;
}

/**
 * An upper bound of the banker's chance to win a coup (0.458597…, exact by enumeration in
 * tests/unit/games/baccarat.test.ts): the minimum stake worked out from it is on the safe side.
 */
export const BANKER_WIN_CHANCE_BOUND = [4586n, 10_000n] as const;

/** The banker's stakes: 1.95× is exact on multiples of €0.20; any stake from €4.22. */
export const BACCARAT_BANKER_STAKES = fairStakeRule([[{ chance: BANKER_WIN_CHANCE_BOUND, multiplier: [195n, 100n] }]]);

/** The stakes a side takes (player and tie pay whole multiples: any stake). */
export const baccaratStakeRule = (side: BaccaratSide): StakeRule =>
  side === 'banker' ? BACCARAT_BANKER_STAKES : ANY_STAKE;

export function checkBaccaratBet(bet: object): { bet: BaccaratBet; stake: string } | { problem: BetProblem } {
  const { amount, on } = bet as Partial<BaccaratBet>;
  const cents = positiveCents(amount);
  if (cents === undefined || !BACCARAT_SIDES.includes(on as BaccaratSide)) return { problem: 'bet_invalid' };
  const stake = centsToString(cents);
  return { bet: { type: 'baccarat', amount: stake, on: on! }, stake };
}

/**
 * A fresh shoe dealt without replacement from `random`: each call deals the next card (the k-th
 * step of a Fisher–Yates shuffle of the ordered shoe). Only swapped positions are stored.
 */
export function shoeDealer(random: Random): () => string {
  const moved = new Map<number, number>();
  const at = (i: number) => moved.get(i) ?? i;
  let dealt = 0;
  return () => {
    if (dealt === SHOE_CARDS) throw new RangeError('The shoe is empty');
    const j = dealt + random.int(SHOE_CARDS - dealt);
    const card = at(j);
    moved.set(j, at(dealt));
    moved.set(dealt, card);
    dealt++;
    return cardAt(card);
  };
}

export function resolveBaccarat(bet: BaccaratBet, random: Random): Resolved<BaccaratOutcome> {
  const { player, banker, winner } = playCoup(shoeDealer(random), cardValue);
  const stake = positiveCents(bet.amount)!;
  return {
    outcome: {
      type: 'baccarat',
      player,
      banker,
      player_total: handTotal(player),
      banker_total: handTotal(banker),
      winner,
    },
    stake: centsToString(stake),
    win: centsToString(baccaratPayout(bet.on, winner, stake)),
  };
}
