import type { SlotOutcome } from '../../../../../../src/games/protocol.ts';
import { slotGrid, slotMachine, slotStakeStep } from '../../../../../../src/games/slot.ts';
import { h } from './dom.ts';
import { symbolArt } from './symbols.ts';
import type { Ctx, MechanicUi } from './mechanic.ts';

/** The slot: the stake only; the board is the title's reels × rows grid and its winning lines. */
export function slotUi(ctx: Ctx): MechanicUi {
  const { t, gameId } = ctx;
  const machine = slotMachine(gameId);
  const table = h('table', { class: 'reels' });
  const lines = h('ul', { class: 'lines' });
  const render = (grid: string[][], winning: Set<string>) => {
    table.replaceChildren(
      h('caption', {}, t('slot.grid')),
      h('thead', {}, h('tr', {}, h('td', {}), ...Array.from({ length: machine.reels }, (_, reel) => h('th', { scope: 'col' }, t('slot.reel', { n: reel + 1 }))))),
      h('tbody', {}, ...grid.map((row, r) => h('tr', {}, h('th', { scope: 'row' }, t('slot.row', { n: r + 1 })),
        ...row.map((symbol, reel) => h('td', { class: winning.has(`${r}:${reel}`) ? `symbol symbol--${symbol} win` : `symbol symbol--${symbol}` },
          symbolArt(symbol), h('span', { class: 'visually-hidden' }, t(`slot.symbols.${symbol}`))))))),
    );
  };
  render(slotGrid(gameId, Array.from({ length: machine.reels }, () => 0)), new Set());
  return {
    controls: h('p', { class: 'hint' }, t('slot.step', { lines: machine.paylines.length, step: ctx.money(slotStakeStep(gameId)) })),
    board: h('div', {}, table, h('h2', { class: 'small' }, t('slot.lines')), lines),
    action: t('slot.spin'),
    bet: (amount) => ({ type: 'slot', amount }),
    show(round) {
      const outcome = round.outcome as SlotOutcome;
      const played = slotMachine('title' in round.bet ? round.bet.title : undefined);
      const winning = new Set<string>();
      for (const line of outcome.lines) played.paylines[line.line]!.slice(0, line.count).forEach((row, reel) => winning.add(`${row}:${reel}`));
      render(outcome.grid.slice(0, played.rows), winning);
      lines.replaceChildren(...(outcome.lines.length
        ? outcome.lines.map((line) => h('li', {}, t('slot.line', { line: line.line + 1, count: line.count, symbol: t(`slot.symbols.${line.symbol}`), win: ctx.money(line.win) })))
        : [h('li', {}, t('slot.no_lines'))]));
    },
  };
}
