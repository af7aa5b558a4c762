// The session panel (issue 38, item 12): rounds, staked, returned and net in this game session,
// and a small chart of the net after each of the latest rounds. Kept in sessionStorage under the
// session, so a reload of the frame keeps it and another game or tab starts its own.
// Its bar (net and time played) sits in the action bar, always in view (UKGC RTS 2E and 13C).
import { fromCents } from '#core/api/money.ts';
import type { Money } from '#core/api/contract.ts';
import { addRound, parseTally, tallyNet, type SessionTally } from '#core/games/session-tally.ts';
import { h, type T } from './dom.ts';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 100;
const HEIGHT = 40;

const storageKey = (sessionId: string) => `amber-game-tally:${sessionId}`;
const startKey = (sessionId: string) => `amber-game-start:${sessionId}`;

/** When this game session started on this page (Date.now()), kept so a reload counts on. */
function sessionStart(sessionId: string): number {
  try {
    const stored = Number(sessionStorage.getItem(startKey(sessionId)));
    if (Number.isSafeInteger(stored) && stored > 0 && stored <= Date.now()) return stored;
    sessionStorage.setItem(startKey(sessionId), String(Date.now()));
  } catch {
    // storage blocked: the time counts from this page load
  }
  return Date.now();
}

/** Elapsed time as h:mm:ss or m:ss, the way a clock shows it in every locale we serve. */
export function elapsedText(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const [hours, minutes, seconds] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

function read(sessionId: string): SessionTally {
  try {
    return parseTally(sessionStorage.getItem(storageKey(sessionId)));
  } catch {
    return parseTally(null); // storage blocked: the panel counts from now
  }
}

function write(sessionId: string, tally: SessionTally) {
  try {
    sessionStorage.setItem(storageKey(sessionId), JSON.stringify(tally));
  } catch {
    // storage blocked or full: the figures stay right until the page reloads
  }
}

/** The chart's line: the net after each round, with 0 (break-even) drawn across. */
function drawChart(svg: SVGSVGElement, nets: string[]) {
  const values = [0, ...nets.map(Number)]; // display only: cents far below 2^53
  const top = Math.max(...values, 1);
  const bottom = Math.min(...values, -1);
  const y = (value: number) => ((top - value) / (top - bottom)) * (HEIGHT - 4) + 2;
  const x = (index: number) => (values.length === 1 ? 0 : (index / (values.length - 1)) * WIDTH);
  const zero = document.createElementNS(SVG, 'line');
  zero.setAttribute('class', 'tally-zero');
  zero.setAttribute('x1', '0');
  zero.setAttribute('x2', String(WIDTH));
  zero.setAttribute('y1', y(0).toFixed(2));
  zero.setAttribute('y2', y(0).toFixed(2));
  zero.setAttribute('vector-effect', 'non-scaling-stroke');
  const line = document.createElementNS(SVG, 'polyline');
  line.setAttribute('class', 'tally-line');
  line.setAttribute('points', values.map((value, index) => `${x(index).toFixed(2)},${y(value).toFixed(2)}`).join(' '));
  line.setAttribute('vector-effect', 'non-scaling-stroke');
  svg.replaceChildren(zero, line);
}

export function sessionPanel(t: T, money: (amount: string) => string, sessionId: string) {
  let tally = read(sessionId);
  const figures = h('dl', { class: 'tally' });
  const empty = h('p', { class: 'hint' }, t('play.session.empty'));
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('class', 'tally-chart');
  svg.setAttribute('role', 'img');
  const chart = h('div', {});
  chart.append(svg);
  const signed = (cents: bigint) => (cents < 0n ? `−${money(fromCents(-cents))}` : `+${money(fromCents(cents))}`);

  const barNet = h('strong', { 'data-session-net': true });
  const barTime = h('strong', { 'data-session-time': true });
  const started = sessionStart(sessionId);
  const tick = () => {
    barTime.textContent = elapsedText(Date.now() - started);
  };
  tick();
  setInterval(tick, 1000);
  const bar = h(
    'p',
    { class: 'session-bar', 'data-session-bar': true },
    h('span', {}, `${t('play.session.net')} `, barNet),
    h('span', {}, `${t('play.session.time')} `, barTime),
  );

  function show() {
    const net = tallyNet(tally);
    barNet.textContent = signed(net);
    barNet.dataset.net = fromCents(net);
    const figure = (key: string, value: string, name: string) =>
      [h('dt', {}, t(`play.session.${key}`)), h('dd', { [`data-tally-${name}`]: true }, value)] as const;
    figures.replaceChildren(
      ...figure('rounds', String(tally.rounds), 'rounds'),
      ...figure('staked', money(fromCents(BigInt(tally.staked))), 'staked'),
      ...figure('returned', money(fromCents(BigInt(tally.returned))), 'returned'),
      ...figure('net', signed(net), 'net'),
    );
    // The exact figures, for tests and tools (the text is formatted for the locale).
    figures.dataset.staked = fromCents(BigInt(tally.staked));
    figures.dataset.returned = fromCents(BigInt(tally.returned));
    figures.dataset.net = fromCents(net);
    empty.hidden = tally.rounds > 0;
    figures.hidden = tally.rounds === 0;
    chart.hidden = tally.rounds === 0;
    svg.setAttribute('aria-label', t('play.session.chart', { count: tally.nets.length, net: signed(net) }));
    drawChart(svg, tally.nets);
  }
  show();

  const section = h(
    'section',
    { class: 'panel', 'aria-labelledby': 'session-title', 'data-session-panel': true },
    h('h2', { id: 'session-title' }, t('play.session.title')),
    empty,
    figures,
    chart,
  );
  return {
    section,
    /** Net and time played, for the action bar. */
    bar,
    /** A settled round (its stake and what it paid, stake included). */
    add(round: { stake: Money; win: Money }) {
      tally = addRound(tally, round);
      write(sessionId, tally);
      show();
    },
  };
}
