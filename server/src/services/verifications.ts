import { createHash, randomUUID } from 'node:crypto';
import type { DocumentType, Verification, VerificationStatus } from '#core/api/contract.ts';
import type { DocumentMime } from '#core/api/document-file.ts';
import type { Database, Queryable } from '../db/database.ts';
import { translate, type Locale } from '../base/i18n.ts';
import { recordRiskEvent } from './risk/risk-events.ts';

/**
 * Identity verification, the player's half. A player's status is their newest
 * submission's status, `none` without one; staff (the operator console) set `verified` or
 * `rejected` on that row. The document files are stored with the submission and never served
 * back to players.
 */
export interface DocumentFile {
  side: 'front' | 'back';
  mime: DocumentMime;
  content: Uint8Array;
}

interface Row {
  status: Exclude<VerificationStatus, 'none'>;
  document_type: DocumentType;
  submitted_at: Date | string;
  reason: string | null;
  reason_code: RejectionCode | null;
}

/** Why staff reject a document; the player reads each in their language. `other` needs a note. */
export const REJECTION_CODES = ['blurred', 'expired', 'name_mismatch', 'not_accepted_type', 'other'] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

/** The reason a player reads: the code's text in their language, with the staff note for `other`. */
export const rejectionText = (locale: Locale, code: RejectionCode, note: string | null) =>
  code === 'other' ? (note ?? '') : translate(locale, `verification.reason_${code}`);

/** The player's newest submission (the one whose status is theirs), in SQL: `$user` is the player's id. */
const NEWEST = (user: string) =>
  `FROM identity_verifications WHERE user_id = ${user} ORDER BY submitted_at DESC, id LIMIT 1`;

/**
 * A condition, for a statement that writes only for a verified player, so the check and the write
 * are one round trip: true while the newest submission of player `$user` is verified.
 */
export const isVerifiedSql = (user: string) => `(SELECT status ${NEWEST(user)}) = 'verified'`;

async function newest(db: Queryable, userId: number): Promise<Row | undefined> {
  const [row] = await db.query<Row>(`SELECT status, document_type, submitted_at, reason, reason_code ${NEWEST('$1')}`, [
    userId,
  ]);
  return row;
}

/** What `GET /api/user/verification` answers. */
export async function verificationOf(db: Queryable, userId: number, locale: Locale): Promise<Verification> {
  const row = await newest(db, userId);
  if (!row) return { status: 'none' };
  return {
    status: row.status,
    document_type: row.document_type,
    submitted_at: new Date(row.submitted_at).toISOString(),
    // A reason belongs to a rejection; staff notes on an approval are not the player's to read.
    ...(row.status === 'rejected' && row.reason_code
      ? { reason: rejectionText(locale, row.reason_code, row.reason) }
      : {}),
    ...(row.status === 'rejected' && !row.reason_code && row.reason ? { reason: row.reason } : {}),
  };
}

export const isVerified = async (db: Queryable, userId: number) => (await newest(db, userId))?.status === 'verified';

/**
 * Stores a new pending submission with its files in one transaction, unless one is pending or the
 * player is already verified: then answers that status and stores nothing. The player's row is
 * locked first, so two uploads sent at once (a double click) make one submission, on PGlite and on
 * PostgreSQL.
 */
export function submitVerification(db: Database, request: Parameters<typeof submitIn>[1]): ReturnType<typeof submitIn> {
  return db.transaction((tx) => submitIn(tx, request));
}

async function submitIn(
  tx: Queryable,
  request: { userId: number; documentType: DocumentType; files: DocumentFile[]; now: Date },
): Promise<{ submitted_at: string } | { blocked: 'pending' | 'verified' }> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [request.userId]);
  const current = await newest(tx, request.userId);
  if (current?.status === 'pending' || current?.status === 'verified') return { blocked: current.status };
  const id = randomUUID();
  await tx.query(
    `INSERT INTO identity_verifications (id, user_id, document_type, status, submitted_at)
      VALUES ($1, $2, $3, 'pending', $4)`,
    [id, request.userId, request.documentType, request.now.toISOString()],
  );
  const sha256: string[] = [];
  for (const file of request.files) {
    sha256.push(createHash('sha256').update(file.content).digest('hex'));
    await tx.query(
      `INSERT INTO identity_documents (verification_id, side, mime, size, content, sha256)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, file.side, file.mime, file.content.byteLength, file.content, sha256.at(-1)],
    );
  }
  await recordRiskEvent(tx, { kind: 'document', userId: request.userId, verificationId: id, sha256, now: request.now });
  return { submitted_at: request.now.toISOString() };
}
