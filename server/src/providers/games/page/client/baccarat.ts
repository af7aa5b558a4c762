import type { BaccaratOutcome } from '#core/games/protocol.ts';
import { baccaratStakeRule, BACCARAT_SIDES, type BaccaratSide } from '#core/games/baccarat.ts';
import { h, uid } from './dom.ts';
import { betMinStakeText, type Ctx, type MechanicUi } from './mechanic.ts';
import { cardNode, dealTime } from './cards.ts';

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
    const cards = h('span', { class: 'cards cards-row', 'data-cards': side }, '—');
    const total = h('span', { class: 'total' });
    return {
      cards,
      total,
      row: h('div', { class: 'hand' }, h('dt', {}, t(`baccarat.${side}`)), h('dd', {}, cards, ' ', total)),
    };
  };
  const player = hand('player');
  const banker = hand('banker');
  const board = h('dl', { class: 'facts baccarat', 'aria-hidden': 'true' }, player.row, banker.row);
  const chosen = () => (sides.querySelector<HTMLInputElement>('input:checked')?.value ?? 'banker') as BaccaratSide;

  const minimum = h('p', { class: 'hint', 'data-bet-min': true });
  const showMinimum = () =>
    (minimum.textContent = betMinStakeText(t, ctx.money, ctx.minBet, baccaratStakeRule(chosen())));
  sides.addEventListener('change', showMinimum);
  showMinimum();

  return {
    controls: h('div', { class: 'controls' }, sides, minimum),
    board,
    action: t('baccarat.deal'),
    bet: (amount) => ({ type: 'baccarat', amount, on: chosen() }),
    stakeRule: () => baccaratStakeRule(chosen()),
    async show(round) {
      const outcome = round.outcome as BaccaratOutcome;
      // Dealt as at the table: player, banker, player, banker, then the third cards.
      const order = (side: 'player' | 'banker', index: number) =>
        index < 2
          ? index * 2 + (side === 'banker' ? 1 : 0)
          : 4 + (side === 'banker' && outcome.player.length > 2 ? 1 : 0);
      const deal = (side: 'player' | 'banker', cards: string[]) =>
        cards.flatMap((card, index) => [...(index ? [' '] : []), cardNode(card, order(side, index))]);
      player.total.textContent = '';
      banker.total.textContent = '';
      delete board.dataset.winner;
      player.cards.replaceChildren(...deal('player', outcome.player));
      banker.cards.replaceChildren(...deal('banker', outcome.banker));
      await new Promise((resolve) => setTimeout(resolve, dealTime(outcome.player.length + outcome.banker.length)));
      player.total.textContent = t('baccarat.total', { total: outcome.player_total });
      banker.total.textContent = t('baccarat.total', { total: outcome.banker_total });
      board.dataset.winner = outcome.winner;
    },
  };
}
