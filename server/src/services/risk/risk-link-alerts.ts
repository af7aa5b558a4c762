/**
 * The tail of a statement that links accounts: given a CTE `others` (the other accounts sharing
 * something with `user`), raises the rule's alert on each of them (linked to `user`) and on `user`
 * (linked to all of them), adding `evidence` (a jsonb expression). An open alert gains the new links
 * rather than being duplicated (the unique partial index `risk_alerts_one_open`).
 */
export const linkedAlertsSql = (at: { user: string; rule: string; severity: string; now: string; evidence: string }) =>
  `targets AS (
     SELECT user_id, jsonb_build_array(${at.user}::int) AS linked FROM others
     UNION ALL
     SELECT ${at.user}::int, (SELECT jsonb_agg(user_id) FROM others) WHERE EXISTS (SELECT 1 FROM others)
   )
   INSERT INTO risk_alerts (user_id, rule_id, severity, evidence, created_at, updated_at)
   SELECT user_id, ${at.rule}, ${at.severity}, jsonb_build_object('linked_users', linked) || ${at.evidence},
     ${at.now}, ${at.now}
   FROM targets
   ON CONFLICT (user_id, rule_id) WHERE state <> 'resolved' DO UPDATE SET
     evidence = jsonb_set(risk_alerts.evidence, '{linked_users}', (
       SELECT jsonb_agg(DISTINCT x) FROM jsonb_array_elements(
         COALESCE(risk_alerts.evidence->'linked_users', '[]'::jsonb) || (EXCLUDED.evidence->'linked_users')) x)),
     updated_at = EXCLUDED.updated_at`;
