/**
 * Blackjack, single player against the dealer (not live). Rules, as published:
 *   - 6 decks (312 cards), shuffled for every round: the shoe is a Fisher–Yates shuffle drawn from
 *     the round's provably-fair stream. Card i (0-based, in dealing order) is found by the forward
 *     shuffle step j = i + int(312 − i), swap(i, j); only the dealt prefix is computed, which is
 *     exactly the prefix of the full shuffle.
 *   - Dealing order: player, dealer (up card), player, dealer (hole card).
 *   - Dealer peek: with an ace or a ten-value card up, the dealer checks for blackjack; a dealer
 *     blackjack ends the round at once (the player's blackjack pushes, anything else loses the
 *     original stake only). No insurance, no surrender.
 *   - Blackjack (an ace and a ten-value card as the first two cards of an unsplit hand) pays 3:2.
 *   - Double on any two cards (also after a split, not on split aces): one more card, stake doubled.
 *   - One split of two cards of the same value (ten-values count as equal); split aces get one
 *     card each; a 21 on a split hand is not blackjack (pays 1:1). No re-split.
 *   - A hand that reaches 21 stands by itself. The dealer draws to 17 and stands on every 17,
 *     soft 17 included.
 *   - At session expiry an open round is finished by the rule "stand": every remaining hand
 *     stands and the dealer plays.
 * Wins in whole cents, rounded down (a 3:2 on an odd number of cents). The 3:2 is the one win that
 * rounds, so a stake is a whole number of even cents (3:2 exact) or at least €0.24, from where
 * rounding costs at most 0.1 percentage point of the return at every stake (core/games/fair-stake.ts).
 * RTP with the basic strategy of `basicStrategy` below: BLACKJACK_RTP, measured by simulation
 * (tests/unit/games/blackjack.test.ts plays 2 million provably-fair rounds).
 */
import type { Random } from './fairness.ts';
import type { BetProblem } from './resolved.ts';
import { fromCents } from '../api/money.ts';
import { positiveCents } from './stake.ts';
import { fairStakeRule } from './fair-stake.ts';

export const DECKS = 6;
export const SHOE = DECKS * 52;
/**
 * Return to player with `basicStrategy`, as total paid / total staked (doubles and splits
 * included): measured over 10 million provably-fair rounds, 99.581 % (standard error ±0.03 %;
 * per initial stake 99.53 %, a house edge of 0.47 %). Blackjack has no closed form here.
 */
export const BLACKJACK_RTP = '99.58';
/** The same simulation's return per initial stake (what a player staking one hand at a time compares). */
export const BLACKJACK_RTP_PER_INITIAL_STAKE = '99.53';

const RANKS = 'A23456789TJQK';
const SUITS = 'SHDC';

/** A card of the shoe (0–311) as text: rank (A 2–9 T J Q K) and suit (S H D C), e.g. "TH". */
export const cardName = (card: number) => `${RANKS[card % 13]}${SUITS[Math.floor(card / 13) % 4]}`;
/** Blackjack value of a card: ace 1 (counted 11 by `handValue` where it fits), ten-values 10. */
export const cardValue = (card: number) => Math.min(10, (card % 13) + 1);

/** The total of a hand, and whether an ace counts as 11 in it (soft). */
export function handValue(cards: readonly number[]): { total: number; soft: boolean } {
  let total = 0;
  let aces = false;
  for (const card of cards) {
    const value = cardValue(card);
    total += value;
    if (value === 1) aces = true;
  }
  if (aces && total + 10 <= 21) return { total: total + 10, soft: true };
  return { total, soft: false };
}

export const isBlackjack = (cards: readonly number[]) => cards.length === 2 && handValue(cards).total === 21;

export interface BlackjackBet {
  type: 'blackjack';
  amount: string;
}

export interface Hand {
  cards: number[];
  /** Cents. */
  stake: number;
  doubled: boolean;
  /** From a split: a 21 is not blackjack. */
  split: boolean;
  done: boolean;
}

export interface BlackjackState {
  hands: Hand[];
  dealer: number[];
  active: number;
  finished: boolean;
  /** The lazy shoe: positions swapped so far, and how many cards are dealt. */
  shoe: Map<number, number>;
  dealt: number;
  random: Random;
}

export type BlackjackAction = 'hit' | 'stand' | 'double' | 'split';
export const BLACKJACK_ACTIONS: readonly BlackjackAction[] = ['hit', 'stand', 'double', 'split'];

/**
 * An upper bound of the chance of a paid blackjack: the player's natural from 6 decks is
 * 2 × 24/312 × 96/311 = 4.75 %, under 1/20 (tests/unit/games/stake-rounding.test.ts).
 */
export const NATURAL_CHANCE_BOUND = [1n, 20n] as const;

/** The stakes blackjack takes: the 3:2 on a natural is the one win that rounds (even cents or from €0.24). */
export const BLACKJACK_STAKES = fairStakeRule([[{ chance: NATURAL_CHANCE_BOUND, multiplier: [5n, 2n] }]]);

export function checkBlackjackBet(bet: object): { bet: BlackjackBet; stake: string } | { problem: BetProblem } {
  const cents = positiveCents((bet as Partial<BlackjackBet>).amount);
  if (cents === undefined) return { problem: 'bet_invalid' };
  const stake = fromCents(cents);
  return { bet: { type: 'blackjack', amount: stake }, stake };
}

function draw(state: BlackjackState): number {
  const i = state.dealt++;
  const j = i + state.random.int(SHOE - i);
  const atI = state.shoe.get(i) ?? i;
  const atJ = state.shoe.get(j) ?? j;
  state.shoe.set(j, atI);
  state.shoe.set(i, atJ);
  return atJ;
}

/** The full shuffled shoe for a stream (the Verify panel can show it): the same forward Fisher–Yates. */
export function fullShoe(random: Random): number[] {
  const shoe = Array.from({ length: SHOE }, (_, i) => i);
  for (let i = 0; i < SHOE - 1; i++) {
    const j = i + random.int(SHOE - i);
    [shoe[i], shoe[j]] = [shoe[j]!, shoe[i]!];
  }
  return shoe;
}

/** Deals a round; with a dealer or player blackjack it is finished at once. */
export function dealBlackjack(stakeCents: number, random: Random): BlackjackState {
  const state: BlackjackState = {
    hands: [],
    dealer: [],
    active: 0,
    finished: false,
    shoe: new Map(),
    dealt: 0,
    random,
  };
  const p1 = draw(state);
  const d1 = draw(state);
  const p2 = draw(state);
  const d2 = draw(state);
  state.hands.push({ cards: [p1, p2], stake: stakeCents, doubled: false, split: false, done: false });
  state.dealer.push(d1, d2);
  // Peek: an ace or ten up and a dealer blackjack ends the round; a player blackjack too.
  if (isBlackjack(state.dealer) || isBlackjack(state.hands[0]!.cards)) {
    state.hands[0]!.done = true;
    state.finished = true;
  }
  return state;
}

/** The actions the active hand allows now. */
export function blackjackActions(state: BlackjackState): BlackjackAction[] {
  if (state.finished) return [];
  const hand = state.hands[state.active]!;
  const actions: BlackjackAction[] = ['hit', 'stand'];
  const splitAces = hand.split && cardValue(hand.cards[0]!) === 1;
  if (hand.cards.length === 2 && !splitAces) actions.push('double');
  if (state.hands.length === 1 && hand.cards.length === 2 && cardValue(hand.cards[0]!) === cardValue(hand.cards[1]!))
    actions.push('split');
  return actions;
}

/** Moves to the next hand that is not done; with none left the dealer plays and the round ends. */
function advance(state: BlackjackState) {
  for (;;) {
    const hand = state.hands[state.active]!;
    if (!hand.done && handValue(hand.cards).total >= 21) hand.done = true;
    if (!hand.done) return;
    if (state.active + 1 < state.hands.length) {
      state.active++;
      continue;
    }
    break;
  }
  if (state.hands.some((hand) => handValue(hand.cards).total <= 21)) {
    while (handValue(state.dealer).total < 17) state.dealer.push(draw(state));
  }
  state.finished = true;
}

/**
 * Plays one action on the active hand; answers the extra stake it takes (cents: double, split), or
 * undefined when the action is not allowed now.
 */
export function actBlackjack(state: BlackjackState, action: string): number | undefined {
  if (!(blackjackActions(state) as string[]).includes(action)) return undefined;
  const hand = state.hands[state.active]!;
  let extra = 0;
  if (action === 'hit') hand.cards.push(draw(state));
  else if (action === 'stand') hand.done = true;
  else if (action === 'double') {
    extra = hand.stake;
    hand.stake *= 2;
    hand.doubled = true;
    hand.cards.push(draw(state));
    hand.done = true;
  } else {
    extra = hand.stake;
    const second: Hand = { cards: [hand.cards.pop()!], stake: hand.stake, doubled: false, split: true, done: false };
    hand.split = true;
    state.hands.push(second);
    hand.cards.push(draw(state));
    second.cards.push(draw(state));
    if (cardValue(hand.cards[0]!) === 1) {
      hand.done = true;
      second.done = true;
    }
  }
  advance(state);
  return extra;
}

/** The expiry rule: every remaining hand stands, the dealer plays. */
export function standAll(state: BlackjackState) {
  if (state.finished) return;
  for (const hand of state.hands) hand.done = true;
  state.active = state.hands.length - 1;
  advance(state);
}

/** What one hand pays back (cents), the dealer's hand being final. */
export function handPayout(hand: Hand, dealer: readonly number[]): number {
  const player = handValue(hand.cards).total;
  if (player > 21) return 0;
  const natural = !hand.split && isBlackjack(hand.cards);
  const dealerNatural = isBlackjack(dealer);
  if (natural && !dealerNatural) return hand.stake + Math.floor((hand.stake * 3) / 2);
  if (dealerNatural) return natural ? hand.stake : 0;
  const house = handValue(dealer).total;
  if (house > 21 || player > house) return hand.stake * 2;
  return player === house ? hand.stake : 0;
}

export const blackjackStake = (state: BlackjackState) => state.hands.reduce((sum, hand) => sum + hand.stake, 0);
export const blackjackPayout = (state: BlackjackState) =>
  state.hands.reduce((sum, hand) => sum + handPayout(hand, state.dealer), 0);

/** What the player may see: every player card; the dealer's up card only, until the round ends. */
export function blackjackView(state: BlackjackState) {
  return {
    player: state.hands.map((hand) => ({
      cards: hand.cards.map(cardName),
      total: handValue(hand.cards).total,
      soft: handValue(hand.cards).soft,
      stake: fromCents(BigInt(hand.stake)),
      doubled: hand.doubled,
      split: hand.split,
      done: hand.done,
      ...(state.finished ? { payout: fromCents(BigInt(handPayout(hand, state.dealer))) } : {}),
    })),
    active: state.finished ? null : state.active,
    dealer: state.finished
      ? { cards: state.dealer.map(cardName), total: handValue(state.dealer).total }
      : { cards: [cardName(state.dealer[0]!)], total: handValue([state.dealer[0]!]).total },
  };
}

/**
 * Basic strategy for these rules (6 decks, dealer stands on soft 17, double any two, double
 * after split, one split, no surrender): the action for a hand against the dealer's up card.
 */
export function basicStrategy(
  cards: readonly number[],
  up: number,
  allowed: readonly BlackjackAction[],
): BlackjackAction {
  const d = cardValue(up) === 1 ? 11 : cardValue(up);
  const { total, soft } = handValue(cards);
  const can = (action: BlackjackAction) => allowed.includes(action);
  if (can('split')) {
    const v = cardValue(cards[0]!);
    const split =
      v === 1 ||
      v === 8 ||
      (v === 9 && d !== 7 && d !== 10 && d !== 11) ||
      (v === 7 && d <= 7) ||
      (v === 6 && d <= 6) ||
      (v === 4 && (d === 5 || d === 6)) ||
      ((v === 2 || v === 3) && d <= 7);
    if (split) return 'split';
  }
  const double = (yes: boolean, otherwise: BlackjackAction): BlackjackAction =>
    yes && can('double') ? 'double' : otherwise;
  if (soft) {
    if (total >= 19) return 'stand';
    if (total === 18) return d >= 3 && d <= 6 ? double(true, 'stand') : d <= 8 ? 'stand' : 'hit';
    if (total === 17) return double(d >= 3 && d <= 6, 'hit');
    if (total >= 15) return double(d >= 4 && d <= 6, 'hit');
    return double(d === 5 || d === 6, 'hit');
  }
  if (total >= 17) return 'stand';
  if (total >= 13) return d <= 6 ? 'stand' : 'hit';
  if (total === 12) return d >= 4 && d <= 6 ? 'stand' : 'hit';
  if (total === 11) return double(d !== 11, 'hit');
  if (total === 10) return double(d <= 9, 'hit');
  if (total === 9) return double(d >= 3 && d <= 6, 'hit');
  return 'hit';
}
