import type { Queryable } from '../../db/database.ts';
import { RISK_RULES } from './risk-rules.ts';

const SHARED_DOCUMENT = RISK_RULES['link.shared_document'];

/**
 * An identity document upload: when a file's SHA-256 was uploaded by other accounts, raises
 * link.shared_document on this account (linked to all of them) and on each of them (linked to
 * this one), in one statement. An open alert gains the new links rather than being duplicated.
 */
export async function recordDocumentUpload(
  tx: Queryable,
  event: { userId: number; verificationId: string; sha256: string[]; now: Date },
): Promise<void> {
  await tx.query(
    `WITH others AS (
       SELECT DISTINCT v.user_id FROM identity_documents d JOIN identity_verifications v ON v.id = d.verification_id
       WHERE d.sha256 = ANY($2::text[]) AND v.user_id <> $1
     ), targets AS (
       SELECT user_id, jsonb_build_array($1::int) AS linked FROM others
       UNION ALL
       SELECT $1, (SELECT jsonb_agg(user_id) FROM others) WHERE EXISTS (SELECT 1 FROM others)
     )
     INSERT INTO risk_alerts (user_id, rule_id, severity, evidence, created_at, updated_at)
     SELECT user_id, $5, $6, jsonb_build_object('linked_users', linked, 'verification', $3::text,
       'sha256', to_jsonb($2::text[])), $4, $4
     FROM targets
     ON CONFLICT (user_id, rule_id) WHERE state <> 'resolved' DO UPDATE SET
       evidence = jsonb_set(risk_alerts.evidence, '{linked_users}', (
         SELECT jsonb_agg(DISTINCT x) FROM jsonb_array_elements(
           COALESCE(risk_alerts.evidence->'linked_users', '[]'::jsonb) || (EXCLUDED.evidence->'linked_users')) x)),
       updated_at = EXCLUDED.updated_at`,
    [
      event.userId,
      event.sha256,
      event.verificationId,
      event.now.toISOString(),
      SHARED_DOCUMENT.id,
      SHARED_DOCUMENT.severity,
    ],
  );
}
