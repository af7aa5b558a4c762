// What a blackjack hand's badge says, from the round's view (core/games/blackjack.ts blackjackView).

export type HandMark = 'bust' | 'push' | 'blackjack';

/** A hand as the view shows it; the dealer's has no stake, split or payout. */
export interface ViewedHand {
  cards: readonly string[];
  total: number;
  split?: boolean;
  stake?: string;
  payout?: string;
}

/**
 * Bust over 21; push when the settled hand returned exactly its stake (a natural against the dealer's
 * natural too); blackjack for 21 on the first two cards of a hand that was not split. Else none.
 */
export function handMark(hand: ViewedHand): HandMark | undefined {
  if (hand.total > 21) return 'bust';
  if (hand.payout !== undefined && hand.payout === hand.stake) return 'push';
  if (!hand.split && hand.cards.length === 2 && hand.total === 21) return 'blackjack';
  return undefined;
}
