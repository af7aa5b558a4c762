import { Hono } from 'hono';
import { raw } from 'hono/html';
import type { Services } from '../../app-env.ts';
import { csvResponse } from '../views/csv.ts';
import { dashboard, gameFigures, type DayFigures } from '../services/dashboard.ts';
import { say } from '../views/messages.ts';
import { allDays, readPeriod } from './report-period.ts';
import { periodPicker } from '../views/period-picker.ts';
import type { OperatorEnv } from '../operator-env.ts';
import { cells, html, money, page, table } from '../views/view.ts';

const FIGURES = [
  'deposits',
  'withdrawals_requested',
  'withdrawals_paid',
  'bets',
  'wins',
  'ggr',
  'bonus_cost',
  'adjustments',
  'ngr',
] as const;

/**
 * The overview (`/operator`): the figures of a period, a daily chart (SVG drawn here, no script), per-game table,
 * queues.
 */
export function dashboardRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<OperatorEnv>();

  app.get('/operator', async (c) => {
    const { period, from, to, range, query } = readPeriod(c, services.clock());
    const data = await dashboard(db, range);
    const main = services.config.currency;
    const days = allDays(from, to).map(
      (day) => data.days.find((row) => row.day === day && row.currency === main) ?? emptyDay(day, main),
    );
    const totals = data.totals.length ? data.totals : [{ ...emptyDay('', main), currency: main }];
    const verificationsLink = html`<a href="/operator/verifications">${data.pending.verifications}</a>`;
    const body = html`${periodPicker('/operator', period, from, to)}
${table(
  say('dashboard.totals_caption'),
  [say('dashboard.currency'), ...FIGURES.map((key) => say(`dashboard.${key}`))],
  totals.map(
    (row) =>
      html`<tr data-currency="${row.currency}"><td>${row.currency}</td>${FIGURES.map(
        (key) => html`<td class="num" data-figure="${key}">${money(row[key], row.currency)}</td>`,
      )}</tr>`,
  ),
)}
<dl class="facts">
<dt>${say('dashboard.new_players')}</dt><dd data-figure="new_players">${data.players.new_players}</dd>
<dt>${say('dashboard.active_players')}</dt><dd data-figure="active_players">${data.players.active_players}</dd>
<dt>${say('dashboard.pending_withdrawals')}</dt><dd data-figure="pending_withdrawals"><a href="/operator/withdrawals">${
      data.pending.withdrawals.length
        ? data.pending.withdrawals
            .map((row) =>
              say('dashboard.pending_amount', { count: row.count, amount: money(row.amount, row.currency) }),
            )
            .join('; ')
        : say('dashboard.pending_amount', { count: 0, amount: money('0.00', main) })
    }</a></dd>
<dt>${say('dashboard.pending_verifications')}</dt><dd data-figure="pending_verifications">${verificationsLink}</dd>
<dt>${say('dashboard.pending_adjustments')}</dt><dd data-figure="pending_adjustments"><a
href="/operator/adjustments">${data.pending.adjustments}</a></dd>
<dt>${say('dashboard.closed_account_payouts')}</dt>
<dd data-figure="closed_account_payouts">${data.pending.closed_payouts}</dd>
</dl>
<h2>${say('dashboard.daily_title', { currency: main })}</h2>
${chart(days)}
<p><a href="/operator/dashboard/daily.csv?${query.toString()}" download>${say('dashboard.daily_csv')}</a></p>
<p><a href="/operator/ledger.csv?${new URLSearchParams({ from, to }).toString()}" download>${say(
      'dashboard.ledger_csv',
    )}</a></p>
${table(
  say('dashboard.daily_caption', { currency: main }),
  [say('dashboard.day'), ...FIGURES.map((key) => say(`dashboard.${key}`))],
  days.map(
    (row) =>
      html`<tr data-day="${row.day}"><td>${row.day}</td>${FIGURES.map((key) =>
        numberCell(money(row[key], main)),
      )}</tr>`,
  ),
)}
<h2>${say('dashboard.games_title')}</h2>
<p><a href="/operator/dashboard/games.csv?${query.toString()}" download>${say('dashboard.games_csv')}</a></p>
${
  data.games.length
    ? table(
        say('dashboard.games_caption'),
        [
          say('dashboard.game'),
          say('dashboard.rounds'),
          say('dashboard.players'),
          say('dashboard.bets'),
          say('dashboard.wins'),
          say('dashboard.ggr'),
        ],
        data.games.map(
          (row) =>
            html`<tr data-game="${row.game}">${cells(row.name ?? row.game)}${[row.rounds, row.players].map(numberCell)}
${[row.bets, row.wins, row.ggr].map((amount) => numberCell(money(amount, row.currency)))}</tr>`,
        ),
      )
    : html`<p>${say('dashboard.no_games')}</p>`
}`;
    return page(c, { title: say('home.title'), staff: c.get('staff'), csrf: c.get('csrf'), body });
  });

  app.get('/operator/dashboard/daily.csv', async (c) => {
    const { from, to, range } = readPeriod(c, services.clock());
    const data = await dashboard(db, range);
    const currencies = data.totals.map((row) => row.currency);
    const rows = currencies.flatMap((currency) =>
      allDays(from, to).map(
        (day) => data.days.find((row) => row.day === day && row.currency === currency) ?? emptyDay(day, currency),
      ),
    );
    return csvResponse(
      c,
      `daily-${from}-${to}.csv`,
      ['day', 'currency', ...FIGURES],
      once(rows.map((row) => [row.day, row.currency, ...FIGURES.map((key) => row[key])])),
    );
  });

  app.get('/operator/dashboard/games.csv', async (c) => {
    const { from, to, range } = readPeriod(c, services.clock());
    const games = await gameFigures(db, range);
    return csvResponse(
      c,
      `games-${from}-${to}.csv`,
      ['game', 'name', 'currency', 'rounds', 'players', 'bets', 'wins', 'ggr'],
      once(
        games.map((row) => [
          row.game,
          row.name ?? '',
          row.currency,
          row.rounds,
          row.players,
          row.bets,
          row.wins,
          row.ggr,
        ]),
      ),
    );
  });

  return app;
}

async function* once(rows: unknown[][]) {
  yield rows;
}

/** A figure's cell, right-aligned. */
const numberCell = (value: unknown) => html`<td class="num">${value}</td>`;

const emptyDay = (day: string, currency: string): DayFigures => ({
  day,
  currency,
  deposits: '0.00',
  withdrawals_requested: '0.00',
  withdrawals_paid: '0.00',
  bets: '0.00',
  wins: '0.00',
  ggr: '0.00',
  bonus_cost: '0.00',
  adjustments: '0.00',
  ngr: '0.00',
});

/** The narrowest bar the chart draws, in the drawing's units (at least as many pixels at 1,280 px). */
const MIN_BAR = 3;

/**
 * Consecutive days grouped so that every bar is at least MIN_BAR wide: one day a bar up to about
 * 80 days, then two, three… days a bar (a year is 5 days a bar). Sums are for the drawing's geometry
 * only; the exact figures are in the daily table beside the chart.
 */
function bucketDays(days: DayFigures[], slots: number) {
  const size = Math.max(1, Math.ceil(days.length / slots));
  const buckets: { first: string; last: string; deposits: number; ggr: number }[] = [];
  for (let i = 0; i < days.length; i += size) {
    const group = days.slice(i, i + size);
    buckets.push({
      first: group[0]!.day,
      last: group.at(-1)!.day,
      deposits: group.reduce((sum, row) => sum + Number(row.deposits), 0),
      ggr: group.reduce((sum, row) => sum + Number(row.ggr), 0),
    });
  }
  return { size, buckets };
}

/**
 * Deposits and GGR per day (or per group of days) as bars (GGR may be below the zero line). Amounts
 * become numbers only for the drawing's geometry; the figures shown are the SQL's strings (the table
 * beside the chart); a bar's title names its days.
 */
function chart(days: DayFigures[]) {
  const width = 720;
  const height = 220;
  const pad = 24;
  const { size, buckets } = bucketDays(days, Math.floor((width - 2 * pad) / (2 * MIN_BAR + 2)));
  const values = buckets.flatMap((row) => [row.deposits, row.ggr]);
  const top = Math.max(1, ...values);
  const bottom = Math.min(0, ...values);
  const y = (value: number) => pad + ((top - value) / (top - bottom)) * (height - 2 * pad);
  const slot = (width - 2 * pad) / Math.max(1, buckets.length);
  const bar = Math.max(MIN_BAR, slot / 2 - 1);
  const rect = (i: number, offset: number, value: number, cls: string, label: string) => {
    const y0 = y(Math.max(0, value));
    const h = Math.max(0.5, Math.abs(y(value) - y(0)));
    return (
      `<rect class="${cls}" x="${(pad + i * slot + offset).toFixed(1)}" y="${y0.toFixed(1)}" ` +
      `width="${bar.toFixed(1)}" height="${h.toFixed(1)}"><title>${label}</title></rect>`
    );
  };
  const daysOf = (row: { first: string; last: string }) => (size === 1 ? row.first : `${row.first} – ${row.last}`);
  const bars = buckets
    .map(
      (row, i) =>
        rect(i, 0, row.deposits, 'deposits', `${daysOf(row)} ${say('dashboard.deposits')}`) +
        rect(i, bar, row.ggr, 'ggr', `${daysOf(row)} ${say('dashboard.ggr')}`),
    )
    .join('');
  const escape = (text: string) => text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const svg =
    `<svg role="img" aria-labelledby="chart-title" viewBox="0 0 ${width} ${height}" ` +
    `width="100%" height="${height}">`;
  const legend =
    `<span class="key deposits"></span> ${escape(say('dashboard.deposits'))} ` +
    `<span class="key ggr"></span> ${escape(say('dashboard.ggr'))}`;
  return raw(`<figure class="chart">${svg}
<title id="chart-title">${escape(say('dashboard.chart_title'))}</title>
<line class="axis" x1="${pad}" x2="${width - pad}" y1="${y(0).toFixed(1)}" y2="${y(0).toFixed(1)}"/>
${bars.replace(/<title>([^<]*)<\/title>/g, (_, text: string) => `<title>${escape(text)}</title>`)}
</svg><figcaption>${legend}</figcaption></figure>`);
}
