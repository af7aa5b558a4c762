import type { Services } from '../../app-env.ts';
import { ConsoleRefusal } from '../../base/domain-errors.ts';
import type { Severity } from '../../config/risk-config.ts';
import { isUniqueViolation, type Queryable } from '../../db/database.ts';
import { recordInteraction, type InteractionKind } from '../../services/account-admin.ts';
import { audit } from './audit.ts';
import type { AlertInteraction, AlertRow, AlertState, Outcome } from '../risk-alert-model.ts';

/** An alert action the alert's state does not allow (resolving a resolved alert, reopening an open one). */
export class AlertRefused extends ConsoleRefusal<'not_found' | 'state'> {}

const COLUMNS = `a.id, a.user_id, u.username, u.email, a.rule_id, a.severity, a.evidence, a.state,
  s.email AS assignee, a.outcome, a.interaction_id, a.created_at, a.resolved_at`;
const FROM = 'FROM risk_alerts a JOIN users u ON u.id = a.user_id LEFT JOIN staff s ON s.id = a.assignee';

export type QueueFilters = { state: AlertState | 'unresolved' | ''; severity: Severity | ''; rule: string };

/** The filters as SQL on $1..$3: state (unresolved: `open` and `assigned`), severity and rule. */
const FILTERED = `($1 = '' OR a.state = $1 OR ($1 = 'unresolved' AND a.state <> 'resolved'))
  AND ($2 = '' OR a.severity = $2) AND ($3 = '' OR a.rule_id = $3)`;

/** The queue: newest first, up to 200, by state, severity and rule. */
export function listAlerts(db: Queryable, filters: QueueFilters): Promise<AlertRow[]> {
  return db.query<AlertRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE ${FILTERED} ORDER BY a.created_at DESC, a.id DESC LIMIT 200`,
    [filters.state, filters.severity, filters.rule],
  );
}

/** Every alert the filters select after a (created_at, id) key, newest first: the CSV's batches. */
export function alertsAfter(
  db: Queryable,
  filters: QueueFilters,
  after: [string, number] | null,
  size: number,
): Promise<AlertRow[]> {
  return db.query<AlertRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE ${FILTERED}
       AND ($4::timestamptz IS NULL OR (a.created_at, a.id) < ($4::timestamptz, $5::int))
     ORDER BY a.created_at DESC, a.id DESC LIMIT $6`,
    [filters.state, filters.severity, filters.rule, after?.[0] ?? null, after?.[1] ?? 0, size],
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

/**
 * Resolved with an outcome; "interaction made" points to the newest interaction recorded from the
 * alert (kept on the alert and in the audit row), so the record shows which conversation it was.
 */
export async function resolveAlert(services: Services, request: Change & { outcome: Outcome }) {
  const interaction =
    request.outcome === 'interaction_made'
      ? ((await alertInteractions(services.db, request.alertId))[0]?.id ?? null)
      : null;
  return change(services, request, 'risk_alert.resolve', {
    set: `state = 'resolved', outcome = $3, resolved_at = $2, interaction_id = $4`,
    allowed: `'open', 'assigned'`,
    params: [request.outcome, interaction],
    after: { state: 'resolved', outcome: request.outcome, interaction_id: interaction },
  });
}

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

/** The customer interactions recorded from the alert, newest first. */
export const alertInteractions = (db: Queryable, alertId: number) =>
  db.query<AlertInteraction>(
    `SELECT i.id, i.kind, i.note, s.email, i.created_at FROM rg_interactions i JOIN staff s ON s.id = i.staff_id
     WHERE i.alert_id = $1 ORDER BY i.created_at DESC, i.id DESC`,
    [alertId],
  );

/**
 * A customer interaction (the player's interactions, as the player page records them) made while
 * working the alert: it names the alert, shows on the player page and the alert, and is audited on
 * the alert (`risk_alert.interaction`) with the interaction's id.
 */
export async function recordAlertInteraction(
  services: Services,
  { staffId, alertId, kind, note }: Change & { kind: InteractionKind; note: string },
) {
  const now = services.clock();
  await services.db.transaction(async (tx) => {
    const [alert] = await tx.query<{ user_id: number }>('SELECT user_id FROM risk_alerts WHERE id = $1', [alertId]);
    if (!alert) throw new AlertRefused('not_found', 'errors.not_found', 'not_found');
    const id = await recordInteraction(tx, alert.user_id, staffId, kind, note, now);
    await tx.query('UPDATE rg_interactions SET alert_id = $2 WHERE id = $1', [id, alertId]);
    await audit(tx, {
      staffId,
      action: 'risk_alert.interaction',
      targetType: 'risk_alert',
      targetId: alertId,
      after: { interaction_id: id, kind, note },
      at: now,
    });
  });
}
