import type { Services } from '../../app-env.ts';
import { ConsoleRefusal } from '../../base/domain-errors.ts';
import type { Severity } from '../../config/risk-config.ts';
import { isUniqueViolation, type Queryable } from '../../db/database.ts';
import { audit } from './audit.ts';
import type { AlertRow, AlertState, Outcome } from '../risk-alert-model.ts';

export {
  ALERT_STATES,
  OUTCOMES,
  SEVERITIES,
  type AlertRow,
  type AlertState,
  type Outcome,
} from '../risk-alert-model.ts';

/** An alert action the alert's state does not allow (resolving a resolved alert, reopening an open one). */
export class AlertRefused extends ConsoleRefusal<'not_found' | 'state'> {}

const COLUMNS = `a.id, a.user_id, u.username, u.email, a.rule_id, a.severity, a.evidence, a.state,
  s.email AS assignee, a.outcome, a.created_at, a.resolved_at`;
const FROM = 'FROM risk_alerts a JOIN users u ON u.id = a.user_id LEFT JOIN staff s ON s.id = a.assignee';

/** The queue: newest first, up to 200, by state (unresolved: `open` and `assigned`), severity and rule. */
export function listAlerts(
  db: Queryable,
  filters: { state: AlertState | 'unresolved' | ''; severity: Severity | ''; rule: string },
): Promise<AlertRow[]> {
  return db.query<AlertRow>(
    `SELECT ${COLUMNS} ${FROM}
     WHERE ($1 = '' OR a.state = $1 OR ($1 = 'unresolved' AND a.state <> 'resolved'))
       AND ($2 = '' OR a.severity = $2) AND ($3 = '' OR a.rule_id = $3)
     ORDER BY a.created_at DESC, a.id DESC LIMIT 200`,
    [filters.state, filters.severity, filters.rule],
  );
}

export async function alertById(db: Queryable, id: number): Promise<AlertRow | undefined> {
  const [row] = await db.query<AlertRow>(`SELECT ${COLUMNS} ${FROM} WHERE a.id = $1`, [id]);
  return row;
}

/** A player's unresolved alerts, for the player page and the withdrawal queue's badge. */
export function openAlertsOf(db: Queryable, userId: number): Promise<AlertRow[]> {
  return db.query<AlertRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE a.user_id = $1 AND a.state <> 'resolved' ORDER BY a.created_at DESC`,
    [userId],
  );
}

export function notesOf(db: Queryable, alertId: number) {
  return db.query<{ body: string; email: string; created_at: Date }>(
    `SELECT n.body, s.email, n.created_at FROM risk_alert_notes n JOIN staff s ON s.id = n.staff_id
     WHERE n.alert_id = $1 ORDER BY n.created_at, n.id`,
    [alertId],
  );
}

type Change = { staffId: number; alertId: number };

/**
 * One change of an alert's state as a conditional UPDATE (so two staff acting at once change it
 * once) and its audit row, in one transaction; refused when the alert is not in a state it allows.
 */
async function change(
  services: Services,
  { staffId, alertId }: Change,
  action: 'risk_alert.assign' | 'risk_alert.resolve' | 'risk_alert.reopen',
  update: { set: string; allowed: string; params: unknown[]; after: Record<string, unknown> },
) {
  const now = services.clock();
  await services.db.transaction(async (tx) => {
    const [row] = await tx
      .query<{ state: string }>(
        `UPDATE risk_alerts SET ${update.set}, updated_at = $2 WHERE id = $1 AND state IN (${update.allowed})
         RETURNING state`,
        [alertId, now.toISOString(), ...update.params],
      )
      .catch((error: unknown) => {
        // Reopening while the rule has fired again for the player: that newer alert is the one to work.
        if (isUniqueViolation(error)) throw new AlertRefused('conflict', 'risk.refused_open_exists', 'state');
        throw error;
      });
    if (!row) throw new AlertRefused('conflict', 'risk.refused_state', 'state');
    await audit(tx, { staffId, action, targetType: 'risk_alert', targetId: alertId, after: update.after, at: now });
  });
}

export const assignAlert = (services: Services, request: Change) =>
  change(services, request, 'risk_alert.assign', {
    set: `state = 'assigned', assignee = $3`,
    allowed: `'open', 'assigned'`,
    params: [request.staffId],
    after: { state: 'assigned', assignee: request.staffId },
  });

export const resolveAlert = (services: Services, request: Change & { outcome: Outcome }) =>
  change(services, request, 'risk_alert.resolve', {
    set: `state = 'resolved', outcome = $3, resolved_at = $2`,
    allowed: `'open', 'assigned'`,
    params: [request.outcome],
    after: { state: 'resolved', outcome: request.outcome },
  });

/** Reopened unassigned; refused (409) while another alert of the same rule is open for the player. */
export const reopenAlert = (services: Services, request: Change) =>
  change(services, request, 'risk_alert.reopen', {
    set: `state = 'open', outcome = NULL, resolved_at = NULL, assignee = NULL`,
    allowed: `'resolved'`,
    params: [],
    after: { state: 'open' },
  });

export async function addAlertNote(services: Services, { staffId, alertId, body }: Change & { body: string }) {
  const now = services.clock();
  await services.db.transaction(async (tx) => {
    const [row] = await tx.query(
      `INSERT INTO risk_alert_notes (alert_id, staff_id, body, created_at) SELECT id, $2, $3, $4
       FROM risk_alerts WHERE id = $1 RETURNING id`,
      [alertId, staffId, body, now.toISOString()],
    );
    if (!row) throw new AlertRefused('not_found', 'errors.not_found', 'not_found');
    await audit(tx, { staffId, action: 'risk_alert.note', targetType: 'risk_alert', targetId: alertId, at: now });
  });
}
