import type { Queryable } from '../../db/database.ts';
import { linkedAlertsSql } from './risk-link-alerts.ts';
import { RISK_RULES } from './risk-rules.ts';

const SHARED_NUMBER = RISK_RULES['doc.shared_number'];
const IDENTITY_MISMATCH = RISK_RULES['doc.identity_mismatch'];

/** An approval's reading of an identity document, beside what the account says (null: not given). */
export interface DocumentReadEvent {
  userId: number;
  verificationId: string;
  /** Normalized: upper case, letters, digits and dashes. */
  number: string;
  name: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  account: { name: string; dateOfBirth: string | null };
  now: Date;
}

/**
 * A name as compared: accents, case and spacing are how a name is typed, not who it is
 * ("JOÃO  silva" is João Silva).
 */
export const comparableName = (name: string) =>
  name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** What differs between the document and the account; a value the account lacks differs from nothing. */
function mismatch(event: DocumentReadEvent) {
  const name = event.account.name.trim() !== '' && comparableName(event.account.name) !== comparableName(event.name);
  const dateOfBirth = event.account.dateOfBirth !== null && event.account.dateOfBirth !== event.dateOfBirth;
  return { name, dateOfBirth };
}

/**
 * Staff approved an identity document with what they read from it. The same number on another
 * account raises doc.shared_number on all of them, each linked — one statement on the number's
 * index. A name or date of birth differing from the account's raises doc.identity_mismatch with
 * both values — one statement, only when they differ (the account's values come with the approval).
 */
export async function recordDocumentReading(tx: Queryable, event: DocumentReadEvent): Promise<void> {
  const now = event.now.toISOString();
  await tx.query(
    `WITH others AS (
       SELECT DISTINCT user_id FROM identity_verifications WHERE document_number = $2 AND user_id <> $1
     ), ${linkedAlertsSql({
       user: '$1',
       rule: '$4',
       severity: '$5',
       now: '$3',
       evidence: `jsonb_build_object('verification', $6::text, 'document_number', $2::text)`,
     })}`,
    [event.userId, event.number, now, SHARED_NUMBER.id, SHARED_NUMBER.severity, event.verificationId],
  );
  const differs = mismatch(event);
  if (!differs.name && !differs.dateOfBirth) return;
  const evidence = {
    verification: event.verificationId,
    ...(differs.name ? { name: { document: event.name, account: event.account.name } } : {}),
    ...(differs.dateOfBirth
      ? { date_of_birth: { document: event.dateOfBirth, account: event.account.dateOfBirth } }
      : {}),
  };
  await tx.query(
    `INSERT INTO risk_alerts (user_id, rule_id, severity, evidence, created_at, updated_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, $5)
     ON CONFLICT (user_id, rule_id) WHERE state <> 'resolved'
     DO UPDATE SET evidence = EXCLUDED.evidence, updated_at = EXCLUDED.updated_at`,
    [event.userId, IDENTITY_MISMATCH.id, IDENTITY_MISMATCH.severity, JSON.stringify(evidence), now],
  );
}
