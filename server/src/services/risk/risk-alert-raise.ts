import type { Queryable } from '../../db/database.ts';
import { RISK_RULES, type RuleId } from './risk-rules.ts';

/**
 * Opens an alert of `ruleId` for the player, or, while one is still unresolved, updates its
 * evidence: the unique partial index `risk_alerts_one_open` makes this one statement that never
 * duplicates an open alert, even when two nodes raise it at once.
 */
export async function raiseAlert(
  tx: Queryable,
  alert: { userId: number; ruleId: RuleId; evidence: Record<string, unknown>; now: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO risk_alerts (user_id, rule_id, severity, evidence, created_at, updated_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, $5)
     ON CONFLICT (user_id, rule_id) WHERE state <> 'resolved'
     DO UPDATE SET evidence = EXCLUDED.evidence, updated_at = EXCLUDED.updated_at`,
    [
      alert.userId,
      alert.ruleId,
      RISK_RULES[alert.ruleId].severity,
      JSON.stringify(alert.evidence),
      alert.now.toISOString(),
    ],
  );
}

/**
 * Raises several rules' alerts for one event in one statement (as `raiseAlert` does each), so an
 * event that trips more than one rule still costs one statement more than its state's upsert.
 */
export async function raiseAlerts(
  tx: Queryable,
  alerts: { userId: number; ruleId: RuleId; evidence: Record<string, unknown> }[],
  now: Date,
): Promise<void> {
  if (!alerts.length) return;
  const rows = alerts.map((alert) => ({
    user_id: alert.userId,
    rule_id: alert.ruleId,
    severity: RISK_RULES[alert.ruleId].severity,
    evidence: alert.evidence,
  }));
  await tx.query(
    `INSERT INTO risk_alerts (user_id, rule_id, severity, evidence, created_at, updated_at)
     SELECT user_id, rule_id, severity, evidence, $2, $2
     FROM jsonb_to_recordset($1::jsonb) AS a(user_id int, rule_id text, severity text, evidence jsonb)
     ON CONFLICT (user_id, rule_id) WHERE state <> 'resolved'
     DO UPDATE SET evidence = EXCLUDED.evidence, updated_at = EXCLUDED.updated_at`,
    [JSON.stringify(rows), now.toISOString()],
  );
}
