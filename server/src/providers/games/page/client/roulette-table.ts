// Roulette's betting layout and wheel. The layout is one tab stop (roving tabindex): arrow keys
// move over the numbers and the outside bets, Enter or Space places the stake there; undo, clear
// and repeat work the slip. The wheel turns so the pocket the server drew ends under the ball.
import type { RouletteBetKind, RouletteStake } from '#core/games/protocol.ts';
import { pocketColour } from '#core/games/roulette.ts';
import { h } from './dom.ts';
import { rovingGrid } from './grid-keys.ts';
import type { Ctx } from './mechanic.ts';
import { duration, reducedMotion, replay, settleAfter } from './motion.ts';

const SVG = 'http://www.w3.org/2000/svg';
/** The single-zero wheel, clockwise from zero. */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7,
  28, 12, 35, 3, 26,
] as const;

/** A spot on the layout: the stake it places (without amount) and its label. */
interface Spot {
  key: string;
  stake: Omit<RouletteStake, 'amount'>;
  text: string;
  label: string;
  className: string;
}

/** The layout's rows for keyboard moves: zero, the three number rows (top row 3, 6 … 36), then the outside bets. */
export function layoutSpots(ctx: Ctx, kindLabel: (kind: RouletteBetKind) => string): Spot[][] {
  const { t } = ctx;
  const colour = (n: number) => t(`roulette.colours.${pocketColour(n)}`);
  const number = (n: number): Spot => ({
    key: `n${n}`,
    stake: { kind: 'straight', numbers: [n] },
    text: String(n),
    label: `${n}, ${colour(n)}`,
    className: `spot spot--${pocketColour(n)}`,
  });
  const outside = (kind: RouletteBetKind, label: string, numbers?: number[], text = label): Spot => ({
    key: `${kind}${numbers?.[0] ?? ''}`,
    stake: numbers ? { kind, numbers } : { kind },
    text,
    label,
    className: `spot spot--outside spot--${kind}`,
  });
  const rows = [3, 2, 1].map((offset) => Array.from({ length: 12 }, (_, column) => number(column * 3 + offset)));
  return [
    [number(0)],
    // A column's face is its payout, 2:1 (its name and payout are the button's label).
    ...rows.map((row, index) => [
      ...row,
      outside('column', `${t('roulette.column_n', { n: 3 - index })} (2:1)`, [3 - index], '2:1'),
    ]),
    [1, 2, 3].map((n) => outside('dozen', t('roulette.range', { from: n * 12 - 11, to: n * 12 }), [n])),
    [
      outside('low', kindLabel('low')),
      outside('even', kindLabel('even')),
      outside('red', kindLabel('red')),
      outside('black', kindLabel('black')),
      outside('odd', kindLabel('odd')),
      outside('high', kindLabel('high')),
    ],
  ];
}

export function rouletteTable(
  ctx: Ctx,
  kindLabel: (kind: RouletteBetKind) => string,
  place: (stake: Omit<RouletteStake, 'amount'>, focus: HTMLElement) => void,
) {
  const { t } = ctx;
  const spots = layoutSpots(ctx, kindLabel);
  const buttons = new Map<string, HTMLButtonElement>();
  const grid = spots.map((row) =>
    row.map((spot) => {
      const chip = h('span', { class: 'chip', 'data-chip': true, hidden: true });
      const button = h(
        'button',
        {
          type: 'button',
          class: spot.className,
          'data-spot': spot.key,
          'aria-label': spot.label,
        },
        h('span', { 'aria-hidden': 'true' }, spot.text),
        chip,
      );
      button.addEventListener('click', () => place(spot.stake, button));
      buttons.set(spot.key, button);
      return button;
    }),
  );
  // One tab stop, on the first number (3): the arrow keys, Home and End move over the layout.
  rovingGrid(grid, grid[1]![0]!);

  const layout = h(
    'div',
    { class: 'roulette-layout', role: 'group', 'aria-label': t('play.roulette.table') },
    h('div', { class: 'layout-zero' }, ...grid[0]!),
    h('div', { class: 'layout-numbers' }, ...grid.slice(1, 4).flat()),
    h('div', { class: 'layout-dozens' }, ...grid[4]!),
    h('div', { class: 'layout-even' }, ...grid[5]!),
  );

  /** Shows the amount staked on each spot (the slip decides). */
  function chips(stakes: RouletteStake[], money: (cents: bigint) => string) {
    const totals = new Map<string, bigint>();
    for (const stake of stakes) {
      const key = stake.kind === 'straight' ? `n${stake.numbers![0]}` : `${stake.kind}${stake.numbers?.[0] ?? ''}`;
      const [whole = '0', fraction = '00'] = stake.amount.split('.');
      totals.set(key, (totals.get(key) ?? 0n) + BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2)));
    }
    for (const [key, button] of buttons) {
      const chip = button.querySelector<HTMLElement>('[data-chip]')!;
      const total = totals.get(key);
      chip.hidden = !total;
      chip.textContent = total ? money(total) : '';
      const label = [...spots.flat()].find((spot) => spot.key === key)!.label;
      button.setAttribute(
        'aria-label',
        total ? t('play.roulette.on_spot', { bet: label, amount: money(total) }) : label,
      );
    }
  }
  /** Marks the pocket the ball landed in on the layout (none while the wheel turns). */
  function markWinner(pocket: number | null) {
    for (const [key, button] of buttons) button.toggleAttribute('data-won', key === `n${pocket}`);
  }
  return { layout, chips, markWinner };
}

/** The wheel: 37 pockets in wheel order; `land` turns it so `pocket` ends under the ball. */
export function rouletteWheel() {
  const rotor = document.createElementNS(SVG, 'g');
  rotor.setAttribute('class', 'rotor');
  const step = 360 / WHEEL_ORDER.length;
  const point = (angle: number, radius: number) => {
    const rad = ((angle - 90) * Math.PI) / 180;
    return `${(50 + radius * Math.cos(rad)).toFixed(2)} ${(50 + radius * Math.sin(rad)).toFixed(2)}`;
  };
  WHEEL_ORDER.forEach((pocket, index) => {
    const from = index * step - step / 2;
    const to = from + step;
    const sector = document.createElementNS(SVG, 'path');
    sector.setAttribute('d', `M50 50 L${point(from, 48)} A48 48 0 0 1 ${point(to, 48)} Z`);
    sector.setAttribute('class', `pocket pocket--${pocketColour(pocket)}`);
    const label = document.createElementNS(SVG, 'text');
    const [x, y] = point(index * step, 41).split(' ');
    label.setAttribute('x', x!);
    label.setAttribute('y', y!);
    label.setAttribute('transform', `rotate(${index * step} ${x} ${y})`);
    label.setAttribute('class', 'pocket-number');
    label.textContent = String(pocket);
    rotor.append(sector, label);
  });
  const hub = document.createElementNS(SVG, 'circle');
  hub.setAttribute('cx', '50');
  hub.setAttribute('cy', '50');
  hub.setAttribute('r', '22');
  hub.setAttribute('class', 'hub');
  const ball = document.createElementNS(SVG, 'circle');
  ball.setAttribute('cx', '50');
  ball.setAttribute('cy', '9');
  ball.setAttribute('r', '2.6');
  ball.setAttribute('class', 'ball');
  // The ball runs round the other way while the wheel turns, and comes to rest at the top.
  const orbit = document.createElementNS(SVG, 'g');
  orbit.setAttribute('class', 'ball-orbit');
  orbit.append(ball);
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('class', 'wheel');
  svg.setAttribute('aria-hidden', 'true');
  svg.append(rotor, hub, orbit);
  let turns = 0;

  /** Turns the wheel (a few full turns, then the pocket at the top, under the ball). */
  async function land(pocket: number) {
    const index = WHEEL_ORDER.indexOf(pocket as (typeof WHEEL_ORDER)[number]);
    const target = -index * step;
    if (reducedMotion()) {
      rotor.style.transition = 'none';
      rotor.style.transform = `rotate(${target}deg)`;
      replay(svg as unknown as HTMLElement, 'fade-in');
      return;
    }
    turns += 3;
    const ms = duration(1600);
    rotor.style.transition = orbit.style.transition = `transform ${ms}ms cubic-bezier(0.15, 0.6, 0.2, 1)`;
    rotor.style.transform = `rotate(${target - turns * 360}deg)`;
    orbit.style.transform = `rotate(${turns * 240}deg)`;
    await settleAfter(rotor, ms);
  }
  return { svg, land };
}
