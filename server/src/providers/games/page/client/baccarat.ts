import type { BaccaratOutcome } from '../../../../../../src/games/protocol.ts';
import { BACCARAT_SIDES, type BaccaratSide } from '../../../../../../src/games/baccarat.ts';
import { h, uid } from './dom.ts';
import type { Ctx, MechanicUi } from './mechanic.ts';

const SUITS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
/** "TD" → "10♦": the rank as printed on the card, the suit as its symbol. */
const cardText = (card: string) => `${card[0] === 'T' ? '10' : card[0]}${SUITS[card[1]!]}`;

/** Baccarat (punto banco): choose player, banker or tie (arrow keys in the radio group), deal. */
export function baccaratUi(ctx: Ctx): MechanicUi {
  const { t } = ctx;
  const name = uid('side');
  const radio = (side: BaccaratSide) => {
    const input = h('input', { type: 'radio', name, value: side, checked: side === 'banker', id: uid('side') });
    return h('div', { class: 'choice' }, input, h('label', { for: input.id }, t(`baccarat.sides.${side}`)));
  };
  const sides = h('fieldset', {}, h('legend', {}, t('baccarat.bet_on')), ...BACCARAT_SIDES.map(radio));
  const hand = (side: 'player' | 'banker') => {
    const cards = h('span', { class: 'cards', 'data-cards': side }, '—');
    const total = h('span', { class: 'total' });
    return { cards, total, row: h('div', { class: 'hand' }, h('dt', {}, t(`baccarat.${side}`)), h('dd', {}, cards, ' ', total)) };
  };
  const player = hand('player');
  const banker = hand('banker');
  const board = h('dl', { class: 'facts baccarat', 'aria-hidden': 'true' }, player.row, banker.row);
  const chosen = () => (sides.querySelector<HTMLInputElement>('input:checked')?.value ?? 'banker') as BaccaratSide;

  return {
    controls: h('div', { class: 'controls' }, sides),
    board,
    action: t('baccarat.deal'),
    bet: (amount) => ({ type: 'baccarat', amount, on: chosen() }),
    show(round) {
      const outcome = round.outcome as BaccaratOutcome;
      player.cards.textContent = outcome.player.map(cardText).join(' ');
      banker.cards.textContent = outcome.banker.map(cardText).join(' ');
      player.total.textContent = t('baccarat.total', { total: outcome.player_total });
      banker.total.textContent = t('baccarat.total', { total: outcome.banker_total });
      board.dataset.winner = outcome.winner;
    },
  };
}
