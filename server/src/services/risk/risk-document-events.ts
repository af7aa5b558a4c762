import type { Queryable } from '../../db/database.ts';
import { linkedAlertsSql } from './risk-link-alerts.ts';
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
     ), ${linkedAlertsSql({
       user: '$1',
       rule: '$5',
       severity: '$6',
       now: '$4',
       evidence: `jsonb_build_object('verification', $3::text, 'sha256', to_jsonb($2::text[]))`,
     })}`,
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
