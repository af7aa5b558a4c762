import { Hono } from 'hono';
import { raw } from 'hono/html';
import type { Services } from '../../app-env.ts';
import { breakdown, type BreakdownRow, type Dimension } from '../services/report-figures/report-breakdown.ts';
import { retentionCohorts, type CohortCell } from '../services/report-figures/report-cohorts.ts';
import { conversionByDay } from '../services/report-figures/report-conversion.ts';
import { gameReport } from '../services/report-figures/report-games.ts';
import { say } from '../views/messages.ts';
import { methodName } from './player-status.ts';
import { readPeriod } from './report-period.ts';
import { periodPicker } from '../views/period-picker.ts';
import type { OperatorEnv } from '../operator-env.ts';
import { html, money, page, table, type Html } from '../views/view.ts';

const MONEY = ['deposits', 'ggr', 'bonus_cost', 'adjustments', 'ngr'] as const;

/** A figure's cell, right-aligned, its exact value in `data-value` for whoever reads the page by machine. */
const figure = (name: string, value: string | number, shown: string | number = value) =>
  html`<td class="num" data-figure="${name}" data-value="${value}">${shown}</td>`;

function breakdownTable(dimension: Dimension, rows: BreakdownRow[]): Html {
  if (!rows.length) return html`<p>${say('reports.empty')}</p>`;
  const label = (key: string | null) =>
    key === null ? say(`reports.no_${dimension}`) : dimension === 'method' ? methodName(key) : key;
  return table(
    say(`reports.by_${dimension}_caption`),
    [
      say(`reports.${dimension}`),
      say('dashboard.currency'),
      say('reports.new_players'),
      say('reports.depositors'),
      ...MONEY.map((key) => say(`reports.${key}`)),
    ],
    rows.map(
      (row) =>
        html`<tr data-${dimension}="${row.key ?? ''}" data-currency="${row.currency}"><th scope="row">${label(
          row.key,
        )}</th><td>${row.currency}</td>${figure('new_players', row.new_players)}${figure('depositors', row.depositors)}
${MONEY.map((key) => figure(key, row[key], money(row[key], row.currency)))}</tr>`,
    ),
  );
}

function cohortTable(cells: CohortCell[]): Html {
  if (!cells.length) return html`<p>${say('reports.empty')}</p>`;
  const weeks = Math.max(...cells.map((cell) => cell.week)) + 1;
  const cohorts = [...new Set(cells.map((cell) => cell.cohort))];
  return table(
    say('reports.cohorts_caption'),
    [
      say('reports.cohort'),
      say('reports.cohort_size'),
      ...Array.from({ length: weeks }, (_, week) => say('reports.week_n', { n: week })),
    ],
    cohorts.map((cohort) => {
      const row = cells.filter((cell) => cell.cohort === cohort);
      return html`<tr data-cohort="${cohort}"><th scope="row">${cohort}</th>${figure('size', row[0]!.size)}
${Array.from({ length: weeks }, (_, week) => {
  const cell = row.find((one) => one.week === week);
  return cell
    ? html`<td class="num" data-week="${week}" data-active="${cell.active}" data-value="${cell.share}">${`${
        cell.share
      } %`}</td>`
    : html`<td></td>`;
})}</tr>`;
    }),
  );
}

/**
 * Reports of a period (`/operator/reports`): money and players by country and by payment method,
 * first-time depositors and conversion by day, retention cohorts by week, games and providers with
 * the RTP observed beside the one published. Every figure is computed in SQL (services/report-figures).
 */
export function reportsPageRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<OperatorEnv>();

  app.get('/operator/reports', async (c) => {
    const { period, from, to, range } = readPeriod(c, services.clock());
    const countries = await breakdown(db, range, 'country');
    const methods = await breakdown(db, range, 'method');
    const days = await conversionByDay(db, range);
    const cohorts = await retentionCohorts(db, range);
    const games = await gameReport(db, range);
    const body = html`${periodPicker('/operator/reports', period, from, to)}
<p>${say('reports.ngr_note')}</p>
<h2>${say('reports.by_country')}</h2>
${breakdownTable('country', countries)}
<h2>${say('reports.by_method')}</h2>
<p>${say('reports.method_note')}</p>
${breakdownTable('method', methods)}
<h2>${say('reports.conversion')}</h2>
${
  days.length
    ? table(
        say('reports.conversion_caption'),
        [
          say('dashboard.day'),
          say('reports.registered'),
          say('reports.first_depositors'),
          say('reports.converted'),
          say('reports.conversion_share'),
        ],
        days.map(
          (row) =>
            html`<tr data-day="${row.day}"><th scope="row">${row.day}</th>${figure('registered', row.registered)}
${figure('first_depositors', row.first_depositors)}${figure('converted', row.converted)}
${figure('conversion', row.conversion ?? '', row.conversion === null ? '—' : `${row.conversion} %`)}</tr>`,
        ),
      )
    : html`<p>${say('reports.empty')}</p>`
}
<h2>${say('reports.cohorts')}</h2>
${cohortTable(cohorts)}
<h2>${say('reports.games')}</h2>
${
  games.length
    ? table(
        say('reports.games_caption'),
        [
          say('reports.provider'),
          say('dashboard.game'),
          say('dashboard.currency'),
          say('dashboard.rounds'),
          say('dashboard.players'),
          say('dashboard.bets'),
          say('dashboard.wins'),
          say('dashboard.ggr'),
          say('reports.rtp_observed'),
          say('reports.rtp_published'),
        ],
        games.map((row) => {
          const published =
            row.published_min === null
              ? '—'
              : row.published_min === row.published_max
                ? `${row.published_min} %`
                : `${row.published_min}–${row.published_max} %`;
          return html`<tr data-provider="${row.provider ?? ''}" data-game="${row.provider_line ? '' : (row.game ?? '')}"
data-currency="${row.currency}"${row.provider_line ? raw(' class="subtotal"') : ''}>
<th scope="row">${row.provider ?? say('reports.no_provider')}</th><td>${
            row.provider_line ? say('reports.all_games') : (row.name ?? row.game)
          }</td><td>${row.currency}</td>${figure('rounds', row.rounds)}${figure('players', row.players)}
${(['bets', 'wins', 'ggr'] as const).map((key) => figure(key, row[key], money(row[key], row.currency)))}
${figure('observed_rtp', row.observed_rtp ?? '', row.observed_rtp === null ? '—' : `${row.observed_rtp} %`)}
${figure('published_rtp', row.published_min ?? '', published)}</tr>`;
        }),
      )
    : html`<p>${say('reports.empty')}</p>`
}`;
    return page(c, { title: say('reports.title'), staff: c.get('staff'), csrf: c.get('csrf'), body });
  });

  return app;
}
