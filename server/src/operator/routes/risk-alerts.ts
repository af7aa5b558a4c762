import { Hono, type Context } from 'hono';
import type { Services } from '../../app-env.ts';
import type { Severity } from '../../config/risk-config.ts';
import { RISK_RULES, type RuleId } from '../../services/risk/risk-rules.ts';
import { readForm, readQuery } from './form.ts';
import { ConsoleError } from '../services/console-error.ts';
import { say } from '../views/messages.ts';
import type { OperatorEnv } from '../operator-env.ts';
import { INTERACTION_KINDS, type InteractionKind } from '../../services/account-admin.ts';
import {
  addAlertNote,
  alertById,
  alertInteractions,
  alertsAfter,
  recordAlertInteraction,
  assignAlert,
  listAlerts,
  notesOf,
  reopenAlert,
  resolveAlert,
} from '../services/risk-alerts.ts';
import {
  ALERT_STATES,
  OUTCOMES,
  SEVERITIES,
  type AlertRow,
  type AlertState,
  type Outcome,
} from '../risk-alert-model.ts';
import { batches, csvResponse, utcText } from '../views/csv.ts';
import { alertDetail, alertQueue } from '../views/risk-alerts-view.ts';
import { page } from '../views/view.ts';
import { may } from '../permissions.ts';

const alertId = (value: string) => {
  if (!/^\d{1,9}$/.test(value)) throw new ConsoleError(404, say('errors.not_found'));
  return Number(value);
};

const ALERT_CSV_HEADER = [
  'id',
  'raised_utc',
  'severity',
  'rule',
  'state',
  'player_id',
  'username',
  'email',
  'assignee',
  'outcome',
  'resolved_utc',
  'evidence',
];

/** A filter's value when it is one of `known`, else none (''). */
const pick = <T extends string>(value: string, known: readonly T[]): T | '' =>
  known.includes(value as T) ? (value as T) : '';

/** The queue's filters from the query string (the page's form and its CSV link use the same ones). */
function queueFilters(c: Context<OperatorEnv>) {
  const rule = readQuery(c, 'rule', { label: say('risk.rule'), max: 40 });
  return {
    state: pick<AlertState | 'unresolved'>(c.req.query('state') ?? 'unresolved', [...ALERT_STATES, 'unresolved']),
    severity: pick<Severity>(c.req.query('severity') ?? '', SEVERITIES),
    rule: pick<RuleId>(rule, Object.keys(RISK_RULES) as RuleId[]),
  };
}

/**
 * The risk desk's alerts (docs/risk.md): the queue with its filters, one alert with its evidence
 * and notes, and the actions on it, each audited (services/risk-alerts.ts).
 */
export function riskAlertRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<OperatorEnv>();

  app.get('/operator/risk/alerts', async (c) => {
    const filters = queueFilters(c);
    const rows = await listAlerts(db, filters);
    return page(c, {
      title: say('risk.title'),
      staff: c.get('staff'),
      csrf: c.get('csrf'),
      body: alertQueue(rows, filters, services.clock(), services.config.risk.slaHours),
    });
  });

  // Same permission as the queue (every staff role sees it); the current filters apply; streamed.
  app.get('/operator/risk/alerts.csv', (c) => {
    const filters = queueFilters(c);
    const rows = batches<AlertRow, [string, number]>(
      (after, size) => alertsAfter(db, filters, after, size),
      (row) => [new Date(row.created_at).toISOString(), row.id],
      (row) => [
        row.id,
        utcText(row.created_at),
        row.severity,
        row.rule_id,
        row.state,
        row.user_id,
        row.username,
        row.email,
        row.assignee ?? '',
        row.outcome ?? '',
        utcText(row.resolved_at),
        JSON.stringify(row.evidence),
      ],
    );
    return csvResponse(c, 'risk-alerts.csv', ALERT_CSV_HEADER, rows);
  });

  app.get('/operator/risk/alerts/:id', async (c) => {
    const id = alertId(c.req.param('id'));
    const alert = await alertById(db, id);
    if (!alert) throw new ConsoleError(404, say('errors.not_found'));
    const staff = c.get('staff');
    const done = c.req.query('done');
    return page(c, {
      title: say('risk.alert_title', { id }),
      staff,
      csrf: c.get('csrf'),
      notice:
        done && ['assigned', 'noted', 'resolved', 'reopened', 'interaction'].includes(done)
          ? say(`risk.done_${done}`)
          : undefined,
      body: alertDetail(alert, await notesOf(db, id), await alertInteractions(db, id), {
        csrf: c.get('csrf'),
        mayWork: may(staff, 'risk.work'),
        now: services.clock(),
        slaHours: services.config.risk.slaHours,
      }),
    });
  });

  const back = (id: number, done: string) => `/operator/risk/alerts/${id}?done=${done}`;

  app.post('/operator/risk/alerts/:id/assign', async (c) => {
    const id = alertId(c.req.param('id'));
    await assignAlert(services, { staffId: c.get('staff').id, alertId: id });
    return c.redirect(back(id, 'assigned'), 303);
  });

  app.post('/operator/risk/alerts/:id/notes', async (c) => {
    const id = alertId(c.req.param('id'));
    const { body } = await readForm(c, {
      body: { label: say('risk.note'), max: 2000, required: true, multiline: true },
    });
    await addAlertNote(services, { staffId: c.get('staff').id, alertId: id, body });
    return c.redirect(back(id, 'noted'), 303);
  });

  app.post('/operator/risk/alerts/:id/interactions', async (c) => {
    const id = alertId(c.req.param('id'));
    const form = await readForm(c, {
      kind: { label: say('actions.interaction_kind'), max: 20, required: true },
      note: { label: say('actions.note'), max: 2000, required: true, multiline: true },
    });
    if (!INTERACTION_KINDS.includes(form.kind as InteractionKind))
      throw new ConsoleError(400, say('risk.bad_interaction_kind'));
    const kind = form.kind as InteractionKind;
    await recordAlertInteraction(services, { staffId: c.get('staff').id, alertId: id, kind, note: form.note });
    return c.redirect(back(id, 'interaction'), 303);
  });

  app.post('/operator/risk/alerts/:id/resolve', async (c) => {
    const id = alertId(c.req.param('id'));
    const { outcome } = await readForm(c, { outcome: { label: say('risk.outcome'), max: 40, required: true } });
    if (!OUTCOMES.includes(outcome as Outcome)) throw new ConsoleError(400, say('risk.bad_outcome'));
    await resolveAlert(services, { staffId: c.get('staff').id, alertId: id, outcome: outcome as Outcome });
    return c.redirect(back(id, 'resolved'), 303);
  });

  app.post('/operator/risk/alerts/:id/reopen', async (c) => {
    const id = alertId(c.req.param('id'));
    await reopenAlert(services, { staffId: c.get('staff').id, alertId: id });
    return c.redirect(back(id, 'reopened'), 303);
  });

  return app;
}
