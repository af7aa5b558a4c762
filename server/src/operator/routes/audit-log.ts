import { Hono } from 'hono';
import type { Services } from '../../app-env.ts';
import { AUDIT_ACTIONS } from '../audit.ts';
import { readQuery } from '../form.ts';
import { say } from '../messages.ts';
import type { OperatorEnv } from '../session.ts';
import { html, page, table, when } from '../view.ts';

/** The audit log: read-only (no route here changes anything), newest first, filterable. */
export function auditRoutes(services: Services) {
  const app = new Hono<OperatorEnv>();

  app.get('/operator/audit', async (c) => {
    const action = AUDIT_ACTIONS.find((known) => known === c.req.query('action')) ?? '';
    const staffEmail = readQuery(c, 'staff', { label: say('audit.staff'), max: 254 }).toLowerCase();
    const target = readQuery(c, 'target', { label: say('audit.target'), max: 60 });
    const [targetType = '', targetId = ''] = target.split(':');
    const rows = await services.db.query<{ created_at: Date; email: string | null; action: string; target_type: string; target_id: string; before: unknown; after: unknown }>(
      `SELECT a.created_at, s.email, a.action, a.target_type, a.target_id, a.before, a.after
       FROM staff_audit a LEFT JOIN staff s ON s.id = a.staff_id
       WHERE ($1 = '' OR a.action = $1) AND ($2 = '' OR s.email = $2)
         AND ($3 = '' OR a.target_type = $3) AND ($4 = '' OR a.target_id = $4)
       ORDER BY a.created_at DESC, a.id DESC LIMIT 500`,
      [action, staffEmail, targetType, targetId],
    );
    const json = (value: unknown) => (value ? html`<code>${JSON.stringify(value)}</code>` : '');
    return page(c, {
      title: say('audit.title'),
      staff: c.get('staff'),
      csrf: c.get('csrf'),
      body: html`<form method="get" action="/operator/audit" class="inline" aria-label="${say('audit.filter')}">
<label for="action">${say('audit.action')}</label>
<select id="action" name="action"><option value="">${say('audit.any')}</option>${AUDIT_ACTIONS.map(
        (known) => html`<option value="${known}"${known === action ? html` selected` : ''}>${known}</option>`,
      )}</select>
<label for="staff">${say('audit.staff')}</label>
<input id="staff" name="staff" type="email" value="${staffEmail}">
<label for="target">${say('audit.target')}</label>
<input id="target" name="target" value="${target}" placeholder="withdrawal:12">
<button type="submit">${say('audit.apply')}</button></form>
${rows.length
  ? table(say('audit.caption'), [say('audit.when'), say('audit.who'), say('audit.action'), say('audit.target'), say('audit.before'), say('audit.after')],
      rows.map((row) => html`<tr data-action="${row.action}"><td>${when(row.created_at)}</td><td>${row.email ?? say('audit.cli')}</td><td>${row.action}</td>
<td>${row.target_type}:${row.target_id}</td><td>${json(row.before)}</td><td>${json(row.after)}</td></tr>`))
  : html`<p>${say('audit.empty')}</p>`}`,
    });
  });

  return app;
}
