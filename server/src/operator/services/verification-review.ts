import type { Services } from '../../app-env.ts';
import type { Queryable } from '../../db/database.ts';
import type { Recipient } from '../../mail/messages.ts';
import { notify } from '../../services/history.ts';
import { recordRiskEvent } from '../../services/risk/risk-events.ts';
import type { RejectionCode } from '../../services/verifications.ts';
import { audit, auditedView } from './audit.ts';
import type { DocumentReading } from '../document-reading-model.ts';

/**
 * Staff's review of identity documents (routes/verifications.ts): the submissions, their files
 * (each view audited) and the decision, a conditional UPDATE on the pending submission so it is
 * taken once, with the player's notification and the audit row in the same transaction.
 */

export interface Submission {
  id: string;
  user_id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  date_of_birth: Date | string | null;
  date_joined: Date | string;
  reason_code: RejectionCode | null;
  document_type: string;
  status: string;
  reason: string | null;
  submitted_at: Date | string;
  sides: string[] | null;
  /** What staff read from the document when they approved it (migration 079); null before. */
  document_number: string | null;
  read_name: string | null;
  read_date_of_birth: string | null;
  expires_on: string | null;
}

const SUBMISSION = `SELECT v.id, v.user_id, u.username, u.email, u.first_name, u.last_name, u.date_of_birth::text AS
  date_of_birth, u.date_joined,
  v.document_type, v.status, v.reason, v.reason_code, v.submitted_at, v.document_number, v.read_name,
  v.read_date_of_birth::text AS read_date_of_birth, v.expires_on::text AS expires_on,
  (SELECT array_agg(d.side ORDER BY d.side DESC) FROM identity_documents d WHERE d.verification_id = v.id) AS sides
  FROM identity_verifications v JOIN users u ON u.id = v.user_id`;

/** The submissions waiting for a decision, oldest first (at most 500). */
export function pendingSubmissions(db: Queryable): Promise<Submission[]> {
  return db.query<Submission>(`${SUBMISSION} WHERE v.status = 'pending' ORDER BY v.submitted_at, v.id LIMIT 500`);
}

/** One submission by id, whatever its status. */
export async function submissionById(db: Queryable, id: string): Promise<Submission | undefined> {
  const [row] = await db.query<Submission>(`${SUBMISSION} WHERE v.id = $1`, [id]);
  return row;
}

/** The submission's files by side (front first) and their types, without their content. */
export function documentTypes(db: Queryable, id: string): Promise<{ side: string; mime: string }[]> {
  return db.query<{ side: string; mime: string }>(
    'SELECT side, mime FROM identity_documents WHERE verification_id = $1 ORDER BY side DESC',
    [id],
  );
}

/**
 * One file of the submission for a staff member to look at; the view is audited. Undefined when there is no such file.
 */
export async function documentForStaff(
  services: Pick<Services, 'db' | 'clock'>,
  staffId: number,
  id: string,
  side: string,
) {
  const [doc] = await services.db.query<{ mime: string; content: Uint8Array }>(
    'SELECT mime, content FROM identity_documents WHERE verification_id = $1 AND side = $2',
    [id, side],
  );
  return auditedView(
    services,
    { staffId, action: 'document.view', targetType: 'verification', targetId: id, after: { side } },
    doc,
  );
}

/**
 * Approves (`verified`, with what staff read from the document) or rejects (with a code and an
 * optional note) the pending submission, with the player's notification, the audit row and, on
 * approval, the document rules (services/risk/risk-document-reading.ts) in one transaction. Answers
 * the player to mail; undefined when the submission was no longer pending.
 */
export async function decideVerification(
  services: Pick<Services, 'db' | 'clock'>,
  decision:
    | { id: string; staffId: number; approve: true; reading: DocumentReading; code: null; note: null }
    | { id: string; staffId: number; approve: false; code: RejectionCode; note: string | null },
): Promise<Recipient | undefined> {
  const { id, staffId, code, note } = decision;
  const reading = decision.approve ? decision.reading : undefined;
  const status = decision.approve ? 'verified' : 'rejected';
  const now = services.clock();
  return services.db.transaction(async (tx) => {
    // The account's name and date of birth come back with the decision, for the mismatch rule.
    const [row] = await tx.query<{ user_id: number; account_name: string; account_birth: string | null }>(
      `UPDATE identity_verifications v SET status = $2, reason = $3, reason_code = $4, reviewed_at = $5,
         reviewed_by = $6, document_number = $7, read_name = $8, read_date_of_birth = $9, expires_on = $10
       FROM users u WHERE v.id = $1 AND v.status = 'pending' AND u.id = v.user_id
       RETURNING v.user_id, trim(u.first_name || ' ' || u.last_name) AS account_name,
         u.date_of_birth::text AS account_birth`,
      [
        id,
        status,
        note,
        code,
        now.toISOString(),
        staffId,
        reading?.number ?? null,
        reading?.name ?? null,
        reading?.dateOfBirth ?? null,
        reading?.expiresOn ?? null,
      ],
    );
    if (!row) return undefined;
    if (reading)
      await recordRiskEvent(tx, {
        kind: 'document_read',
        userId: row.user_id,
        verificationId: id,
        ...reading,
        account: { name: row.account_name, dateOfBirth: row.account_birth },
        now,
      });
    await notify(
      tx,
      now,
      row.user_id,
      `verification_${status}`,
      code ? { reason_code: code, ...(note ? { note } : {}) } : {},
    );
    await audit(tx, {
      staffId,
      action: `verification.${decision.approve ? 'approve' : 'reject'}`,
      targetType: 'verification',
      targetId: id,
      before: { status: 'pending', user_id: row.user_id },
      after: {
        status,
        user_id: row.user_id,
        ...(reading ? { document_number: reading.number, expires_on: reading.expiresOn } : {}),
        ...(code ? { reason_code: code } : {}),
        ...(note ? { reason: note } : {}),
      },
      at: now,
    });
    const [recipient] = await tx.query<Recipient>('SELECT email, username, locale FROM users WHERE id = $1', [
      row.user_id,
    ]);
    return recipient!;
  });
}
