// The crash curve: the multiplier over time as the server's formula draws it
// (core/games/crash.ts), redrawn as the round runs; it ends at the cash-out or at the crash.
import { crashMultiplierAt, hundredthsText } from '#core/games/crash.ts';
import { h } from './dom.ts';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 100;
const HEIGHT = 60;

/**
 * The curve with its axes named (time in seconds across, the multiplier up) and the value at the end
 * of each, which follow the drawing as its scale grows. The figures are the multiplier's text already.
 */
export function crashCurve(axes: { time: string; multiplier: string }) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
  svg.setAttribute('class', 'crash-curve');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('preserveAspectRatio', 'none');
  const area = document.createElementNS(SVG, 'path');
  area.setAttribute('class', 'crash-area');
  const line = document.createElementNS(SVG, 'path');
  line.setAttribute('class', 'crash-line');
  line.setAttribute('vector-effect', 'non-scaling-stroke');
  svg.append(area, line);
  const topTick = h('span', { class: 'axis-tick' });
  const endTick = h('span', { class: 'axis-tick' });
  const chart = h(
    'div',
    { class: 'crash-chart', 'aria-hidden': 'true' },
    h('span', { class: 'axis-y' }, axes.multiplier),
    h('span', { class: 'axis-ticks-y' }, topTick, h('span', { class: 'axis-tick' }, '1.00×')),
    svg,
    h('span', { class: 'axis-ticks-x' }, h('span', { class: 'axis-tick' }, '0'), endTick),
    h('span', { class: 'axis-x' }, axes.time),
  );

  /** Draws the curve from 0 to `ms`; `end` marks how the round ended (colours the line). */
  function draw(ms: number, end: 'running' | 'cashed' | 'crashed' = 'running') {
    const span = Math.max(5000, ms * 1.15);
    const top = Math.max(200, crashMultiplierAt(ms) * 1.15);
    const x = (at: number) => (at / span) * WIDTH;
    const y = (hundredths: number) => HEIGHT - ((hundredths - 100) / (top - 100)) * (HEIGHT - 2);
    const points = Array.from({ length: 33 }, (_, i) => {
      const at = (ms * i) / 32;
      return `${x(at).toFixed(2)} ${y(crashMultiplierAt(at)).toFixed(2)}`;
    });
    line.setAttribute('d', `M${points.join(' L')}`);
    area.setAttribute('d', `M0 ${HEIGHT} L${points.join(' L')} L${x(ms).toFixed(2)} ${HEIGHT} Z`);
    svg.dataset.end = end;
    topTick.textContent = `${hundredthsText(Math.floor(top))}×`;
    endTick.textContent = String(Math.round(span / 1000));
  }
  draw(0);
  return { svg, chart, draw };
}
