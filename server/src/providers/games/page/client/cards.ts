// Playing cards for baccarat and blackjack: drawn with the DOM (rank and suit), dealt with a
// slide and turned face up with a CSS 3D flip, one after another; with reduced motion, a fade.
import { h } from './dom.ts';
import { duration, reducedMotion } from './motion.ts';

const SUITS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
/** "TD" → "10♦": the rank as printed on the card, the suit as its symbol. */
export const cardText = (card: string) => `${card[0] === 'T' ? '10' : card[0]}${SUITS[card[1]!] ?? ''}`;

/** How long one card takes to be dealt, and the gap between two. */
export const DEAL_MS = 320;
export const DEAL_GAP_MS = 180;

/** A card face; `order` staggers its deal after the others dealt in the same round (-1: no animation). */
export function cardNode(card: string, order = -1): HTMLElement {
  const red = card[1] === 'H' || card[1] === 'D';
  const node = h(
    'span',
    { class: `card${red ? ' card--red' : ''}`, 'data-card': card },
    h('span', { class: 'card__rank' }, card[0] === 'T' ? '10' : card[0]!),
    h('span', { class: 'card__suit' }, SUITS[card[1]!] ?? ''),
  );
  if (order >= 0) {
    const reduced = reducedMotion();
    node.classList.add(reduced ? 'card--fade' : 'card--deal');
    // With reduced motion the cards fade in together: a staggered delay would keep the last ones
    // faint after the outcome is announced (dealTime waits 200 ms then, not the whole deal).
    if (!reduced) {
      node.style.animationDelay = `${duration(order * DEAL_GAP_MS)}ms`;
      node.style.animationDuration = `${duration(DEAL_MS)}ms`;
    }
  }
  return node;
}

/** The face-down card (the dealer's hole card while the round is open). */
export const cardBack = () => h('span', { class: 'card card--back' });

/** The time a deal of `count` cards takes to show. */
export const dealTime = (count: number) =>
  count <= 0 ? 0 : reducedMotion() ? 200 : duration((count - 1) * DEAL_GAP_MS + DEAL_MS);
