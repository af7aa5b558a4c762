import { Hono, type Context } from 'hono';
import type { Services } from '../../app-env.ts';
import { AUDIT_ACTIONS } from '../services/audit.ts';
import { auditAfter, auditPage, countAudit, type AuditFilter, type AuditRow } from '../services/audit-query.ts';
import { batches, csvResponse } from '../views/csv.ts';
import { readQuery } from './form.ts';
import { say } from '../views/messages.ts';
import { filterQuery, offsetOf, pager, PER_PAGE, readDayRange, readPage } from './paging.ts';
import type { OperatorEnv } from '../operator-env.ts';
import { cells, html, option, page, table, whenExact, withQuery } from '../views/view.ts';

/** The filters from the query string, and the same as a query string for links. */
function readFilter(c: Context) {
  const action = AUDIT_ACTIONS.find((known) => known === c.req.query('action')) ?? '';
  const staffEmail = readQuery(c, 'staff', { label: say('audit.staff'), max: 254 }).toLowerCase();
  const target = readQuery(c, 'target', { label: say('audit.target'), max: 60 });
  const [targetType = '', targetId = ''] = target.split(':');
  const { from, to, start, end } = readDayRange(c, { from: say('audit.from'), to: say('audit.to') });
  const filter: AuditFilter = { action, staffEmail, targetType, targetId, from: start, to: end };
  const query = filterQuery({ action, staff: staffEmail, target, from, to });
  return { filter, query, form: { action, staffEmail, target, from, to } };
}

/** A target as a link where the console has a page for it. */
function targetCell(row: Pick<AuditRow, 'target_type' | 'target_id'>) {
  const label = `${row.target_type}:${row.target_id}`;
  if (!/^\d+$/.test(row.target_id)) return label;
  if (row.target_type === 'player') return html`<a href="/operator/players/${row.target_id}">${label}</a>`;
  if (row.target_type === 'withdrawal')
    return html`<a href="/operator/withdrawals?status=all&amp;id=${row.target_id}">${label}</a>`;
  return label;
}

/**
 * The audit log: read-only (no route here changes anything, and the table refuses changes), newest first, filterable.
 */
/** Who acted: a staff member's email, or the command line. */
const actor = (row: AuditRow) => row.email ?? say('audit.cli');

/** An entry's moment, exact, with its machine-readable form. */
const timeOf = (at: Date | string) => html`<time datetime="${new Date(at).toISOString()}">${whenExact(at)}</time>`;

export function auditRoutes(services: Services) {
  const app = new Hono<OperatorEnv>();

  app.get('/operator/audit', async (c) => {
    const { filter, query, form } = readFilter(c);
    const pageNumber = readPage(c);
    const [total, rows] = await Promise.all([
      countAudit(services.db, filter),
      auditPage(services.db, filter, PER_PAGE, offsetOf(pageNumber)),
    ]);
    const json = (value: unknown) => (value ? html`<code>${JSON.stringify(value)}</code>` : '');
    return page(c, {
      title: say('audit.title'),
      staff: c.get('staff'),
      csrf: c.get('csrf'),
      body: html`<form method="get" action="/operator/audit" class="inline" aria-label="${say('audit.filter')}">
<label for="action">${say('audit.action')}</label>
<select id="action" name="action">${option('', say('audit.any'), form.action)}${AUDIT_ACTIONS.map((known) =>
        option(known, known, form.action),
      )}</select>
<label for="staff">${say('audit.staff')}</label>
<input id="staff" name="staff" type="email" value="${form.staffEmail}">
<label for="target">${say('audit.target')}</label>
<input id="target" name="target" value="${form.target}" placeholder="withdrawal:12">
<label for="from">${say('audit.from')}</label>
<input id="from" name="from" type="date" value="${form.from}">
<label for="to">${say('audit.to')}</label>
<input id="to" name="to" type="date" value="${form.to}">
<button type="submit">${say('audit.apply')}</button></form>
<p><a href="${withQuery('/operator/audit.csv', query)}" download>${say('audit.csv')}</a></p>
${pager('/operator/audit', query, pageNumber, total)}
${
  rows.length
    ? table(
        say('audit.caption'),
        [
          say('audit.when'),
          say('audit.who'),
          say('audit.action'),
          say('audit.target'),
          say('audit.before'),
          say('audit.after'),
        ],
        rows.map(
          (row) =>
            html`<tr data-action="${row.action}">${cells(timeOf(row.created_at), actor(row), row.action)}
${cells(targetCell(row), json(row.before), json(row.after))}</tr>`,
        ),
      )
    : html`<p>${say('audit.empty')}</p>`
}`,
    });
  });

  app.get('/operator/audit.csv', (c) => {
    const { filter } = readFilter(c);
    const rows = batches<AuditRow, [string, number]>(
      (after, size) => auditAfter(services.db, filter, after, size),
      (row) => [new Date(row.created_at).toISOString(), row.id],
      (row) => [
        row.id,
        whenExact(row.created_at),
        row.email ?? say('audit.cli'),
        row.action,
        row.target_type,
        row.target_id,
        row.before ? JSON.stringify(row.before) : '',
        row.after ? JSON.stringify(row.after) : '',
      ],
    );
    return csvResponse(
      c,
      'audit-log.csv',
      ['id', 'time_utc', 'staff', 'action', 'target_type', 'target_id', 'before', 'after'],
      rows,
    );
  });

  return app;
}
