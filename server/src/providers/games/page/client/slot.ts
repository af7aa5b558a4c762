import type { SlotOutcome } from '#core/games/protocol.ts';
import { slotGrid, slotMachine, slotStakeStep, slotTitle } from '#core/games/slot.ts';
import { h } from './dom.ts';
import { symbolArt } from './symbols.ts';
import type { Ctx, MechanicUi } from './mechanic.ts';
import { duration, floorScale, reducedMotion, replay, settleAfter } from './motion.ts';
import { play } from './sound.ts';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * The slot: reels that spin and stop one by one on the round's stops, then the winning lines
 * drawn over them. The strip that passes is the machine's own strip before the stop (no random
 * filler: what spins by is what the reel holds). Screen readers get the same grid as a table.
 */
export function slotUi(ctx: Ctx): MechanicUi {
  const { t, gameId } = ctx;
  const machine = slotMachine(gameId);
  const { symbols } = slotTitle(gameId);
  const table = h('table', { class: 'reels visually-hidden' });
  const lines = h('ul', { class: 'lines' });
  const strips = Array.from({ length: machine.reels }, () => h('div', { class: 'strip' }));
  const reels = strips.map((strip) => h('div', { class: 'reel' }, strip));
  const overlay = document.createElementNS(SVG, 'svg');
  overlay.setAttribute('class', 'paylines');
  overlay.setAttribute('viewBox', `0 0 ${machine.reels * 10} ${machine.rows * 10}`);
  overlay.setAttribute('preserveAspectRatio', 'none');
  overlay.setAttribute('aria-hidden', 'true');
  const reelWindow = h('div', { class: 'slot-window', 'aria-hidden': 'true' }, ...reels);
  reelWindow.append(overlay);
  reelWindow.style.setProperty('--reels', String(machine.reels));
  reelWindow.style.setProperty('--rows', String(machine.rows));

  const cell = (symbol: string) => h('div', { class: `cell symbol--${symbol}` }, symbolArt(symbol));
  /** Shows these cells on a reel, at rest on its last `rows` cells. */
  const setStrip = (reel: number, cells: string[], offset: number) => {
    const strip = strips[reel]!;
    strip.replaceChildren(...cells.map(cell));
    strip.style.setProperty('--cells', String(cells.length));
    strip.style.transform = `translateY(${(-offset / cells.length) * 100}%)`;
  };
  let current = slotGrid(
    gameId,
    Array.from({ length: machine.reels }, () => 0),
  );

  const renderTable = (grid: string[][], winning: Set<string>) => {
    table.replaceChildren(
      h('caption', {}, t('slot.grid')),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('td', {}),
          ...Array.from({ length: machine.reels }, (_, reel) =>
            h('th', { scope: 'col' }, t('slot.reel', { n: reel + 1 })),
          ),
        ),
      ),
      h(
        'tbody',
        {},
        ...grid.map((row, r) =>
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, t('slot.row', { n: r + 1 })),
            ...row.map((symbol, reel) =>
              h('td', { class: winning.has(`${r}:${reel}`) ? 'win' : undefined }, t(`slot.symbols.${symbol}`)),
            ),
          ),
        ),
      ),
    );
  };
  const rest = (grid: string[][]) =>
    grid[0]!.forEach((_, reel) =>
      setStrip(
        reel,
        grid.map((row) => row[reel]!),
        0,
      ),
    );
  rest(current);
  renderTable(current, new Set());

  /** Spins every reel from what it shows now to the round's stops; reel by reel they stop. */
  async function spin(outcome: SlotOutcome) {
    const grid = outcome.grid.slice(0, machine.rows);
    overlay.replaceChildren();
    for (const cellNode of reelWindow.querySelectorAll('.cell.win')) cellNode.classList.remove('win');
    if (reducedMotion()) {
      rest(grid);
      replay(reelWindow, 'fade-in');
      return;
    }
    // How long this spin runs (the last reel's stop), for styles and tests.
    const scale = floorScale(duration(450 + (machine.reels - 1) * 220));
    const reelMs = (reel: number) => Math.round(duration(450 + reel * 220) * scale);
    reelWindow.dataset.spinMs = String(reelMs(machine.reels - 1));
    const stops = await Promise.all(
      strips.map((strip, reel) => {
        // What passes: the cells shown now, then the strip's own symbols before the stop, then the stop.
        const strip0 = machine.strips[reel]!;
        const pass = 8 + reel * 4;
        const before = Array.from(
          { length: pass },
          (_, i) => symbols[strip0[(outcome.stops[reel]! - pass + i + strip0.length * 4) % strip0.length]!]!,
        );
        const cells = [...current.map((row) => row[reel]!), ...before, ...grid.map((row) => row[reel]!)];
        strip.style.transition = 'none';
        setStrip(reel, cells, 0);
        void strip.offsetHeight;
        const ms = reelMs(reel);
        strip.style.transition = `transform ${ms}ms cubic-bezier(0.2, 0.7, 0.25, 1.05)`;
        strip.style.transform = `translateY(${(-(cells.length - machine.rows) / cells.length) * 100}%)`;
        return settleAfter(strip, ms).then(() => {
          play('stop');
          strip.style.transition = 'none';
          setStrip(
            reel,
            grid.map((row) => row[reel]!),
            0,
          );
        });
      }),
    );
    void stops;
  }

  function drawLines(outcome: SlotOutcome, played: typeof machine) {
    const winning = new Set<string>();
    for (const line of outcome.lines) {
      const rows = played.paylines[line.line]!.slice(0, line.count);
      rows.forEach((row, reel) => winning.add(`${row}:${reel}`));
      const path = document.createElementNS(SVG, 'polyline');
      path.setAttribute('points', rows.map((row, reel) => `${reel * 10 + 5},${row * 10 + 5}`).join(' '));
      path.setAttribute('class', `payline payline--${line.line % 5}`);
      path.setAttribute('vector-effect', 'non-scaling-stroke');
      overlay.append(path);
    }
    strips.forEach((strip, reel) =>
      [...strip.children].forEach((node, row) => node.classList.toggle('win', winning.has(`${row}:${reel}`))),
    );
    return winning;
  }

  return {
    controls: h(
      'p',
      { class: 'hint' },
      t('slot.step', { lines: machine.paylines.length, step: ctx.money(slotStakeStep(gameId)) }),
    ),
    board: h('div', {}, reelWindow, table, h('h2', { class: 'small' }, t('slot.lines')), lines),
    action: t('slot.spin'),
    bet: (amount) => ({ type: 'slot', amount }),
    async show(round) {
      const outcome = round.outcome as SlotOutcome;
      const played = slotMachine('title' in round.bet ? round.bet.title : undefined);
      lines.replaceChildren();
      await spin(outcome);
      current = outcome.grid.slice(0, played.rows);
      const winning = drawLines(outcome, played);
      renderTable(current, winning);
      lines.replaceChildren(
        ...(outcome.lines.length
          ? outcome.lines.map((line) =>
              h(
                'li',
                {},
                t('slot.line', {
                  line: line.line + 1,
                  count: line.count,
                  symbol: t(`slot.symbols.${line.symbol}`),
                  win: ctx.money(line.win),
                }),
              ),
            )
          : [h('li', {}, t('slot.no_lines'))]),
      );
    },
  };
}
