import { Hono, type Context } from 'hono';
import type { Services } from '../../app-env.ts';
import { PAYMENT_METHODS } from '#core/api/contract.ts';
import { describeTransaction } from '../../services/texts.ts';
import { batches, csvResponse, utcText } from '../views/csv.ts';
import { idParam } from './form.ts';
import { ConsoleError } from '../services/console-error.ts';
import { say } from '../views/messages.ts';
import { filterQuery, pager, filteredPage, readDayRange, totalsFacts } from './paging.ts';
import type { OperatorEnv } from '../operator-env.ts';
import { html, money, option, page, table, when, withQuery } from '../views/view.ts';
import {
  historyAfter,
  PAYMENT_STATUSES,
  startHistoryExport,
  paymentPage,
  paymentsAfter,
  paymentTotals,
  type HistoryRow,
  type PaymentFilter,
  type PaymentRow,
} from '../services/reports.ts';
import { MOVEMENT_CSV_HEADER, movementCsvCells } from './movement-csv.ts';
import { methodName, methodOptions, playerLink } from './player-status.ts';

function readFilter(c: Context) {
  const status = PAYMENT_STATUSES.find((known) => known === c.req.query('status')) ?? 'all';
  const method = PAYMENT_METHODS.find((known) => known === c.req.query('method')) ?? '';
  const days = readDayRange(c, { from: say('queue.from'), to: say('queue.to') });
  const filter: PaymentFilter = { status, method, from: days.start, to: days.end };
  const query = filterQuery({ status: status === 'all' ? '' : status, method, from: days.from, to: days.to });
  return { filter, query, form: { status, method, from: days.from, to: days.to } };
}

/** The payments (deposits) list with its CSV, and a player's whole history as CSV. */
export function reportRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<OperatorEnv>();

  app.get('/operator/payments', async (c) => {
    const { filter, query, form } = readFilter(c);
    const { pageNumber, totals, rows, total } = await filteredPage(c, {
      totals: () => paymentTotals(db, filter),
      rows: (limit, offset) => paymentPage(db, filter, limit, offset),
    });
    const csv = withQuery('/operator/payments.csv', query);
    return page(c, {
      title: say('payments.title'),
      staff: c.get('staff'),
      csrf: c.get('csrf'),
      body: html`<form method="get" action="/operator/payments" class="inline filters" 
aria-label="${say('payments.filter')}">
<label for="status">${say('queue.status')}</label>
<select id="status" name="status">
${PAYMENT_STATUSES.map((status) => option(status, say(`payments.status_${status}`), form.status))}</select>
<label for="method">${say('withdrawals.method')}</label>
<select id="method" name="method">${methodOptions(form.method)}</select>
<label for="from">${say('payments.from')}</label><input id="from" name="from" type="date" value="${form.from}">
<label for="to">${say('payments.to')}</label><input id="to" name="to" type="date" value="${form.to}">
<button type="submit">${say('queue.apply')}</button></form>
<p><a href="${csv}" download>${say('payments.csv')}</a></p>
${totalsFacts(say('payments.total_count'), total, totals)}
${pager('/operator/payments', query, pageNumber, total)}
${
  rows.length
    ? table(
        say('payments.caption'),
        [
          say('payments.created'),
          say('withdrawals.player'),
          say('withdrawals.amount'),
          say('withdrawals.method'),
          say('queue.status'),
          say('payments.completed'),
          say('payments.reference'),
        ],
        rows.map(
          (row) =>
            html`<tr data-payment="${row.id}"><td>${when(row.created_at)}</td>
<td>${playerLink(row.user_id, row.username, row.email)}</td>
<td class="num">${money(row.amount, row.currency)}</td><td>${methodName(row.method)}</td>
<td>${say(`payments.status_${row.status}`)}</td><td>${when(row.completed_at)}</td>
<td data-reference>${row.provider_reference ?? say('payments.no_reference')}</td></tr>`,
        ),
      )
    : html`<p>${say('payments.empty')}</p>`
}`,
    });
  });

  app.get('/operator/payments.csv', (c) => {
    const { filter } = readFilter(c);
    const rows = batches<PaymentRow, [string, string]>(
      (after, size) => paymentsAfter(db, filter, after, size),
      (row) => [utcText(row.created_at), row.id],
      (row) => [
        row.id,
        ...movementCsvCells(row),
        utcText(row.created_at),
        utcText(row.completed_at),
        row.provider_reference ?? '',
        row.country ?? '',
      ],
    );
    return csvResponse(
      c,
      'payments.csv',
      // The player's country last, a dimension a spreadsheet can pivot on; empty for older accounts.
      ['id', ...MOVEMENT_CSV_HEADER, 'created_utc', 'completed_utc', 'provider_reference', 'country'],
      rows,
    );
  });

  // A player's whole history; the download is a view of the player's data, so it is audited.
  app.get('/operator/players/:id/history.csv', async (c) => {
    const id = idParam(c.req.param('id'));
    const player = await startHistoryExport(services, c.get('staff').id, id);
    if (!player) throw new ConsoleError(404, say('errors.not_found'));
    const rows = batches<HistoryRow, [string, number]>(
      (after, size) => historyAfter(db, id, after, size),
      (row) => [utcText(row.created_at), row.id],
      (row) => [
        row.id,
        utcText(row.created_at),
        row.type,
        describeTransaction('en', row.template, row.params),
        row.amount,
        player.currency,
        row.status,
        row.method ?? '',
      ],
    );
    return csvResponse(
      c,
      `player-${id}-history.csv`,
      ['id', 'time_utc', 'type', 'description', 'amount', 'currency', 'status', 'method'],
      rows,
    );
  });

  return app;
}
