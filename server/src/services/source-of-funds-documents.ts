import { createHash } from 'node:crypto';
import { SOF_MAX_DOCUMENTS, type SourceOfFundsStatus } from '#core/api/contract.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { DocumentFile } from './verifications.ts';

/**
 * The documents a player sends from the profile for the source-of-funds request staff opened
 * (docs/risk.md): stored with the request, never served back to the player; staff open them from
 * the player page and mark the request reviewed.
 */

/** What the player's profile shows: the outstanding request and how many documents it has. */
export async function outstandingSourceOfFunds(db: Queryable, userId: number): Promise<SourceOfFundsStatus> {
  const [row] = await db.query<{ requested_at: Date | string; documents: number }>(
    `SELECT r.requested_at,
       (SELECT count(*)::int FROM source_of_funds_documents d WHERE d.request_id = r.id) AS documents
     FROM source_of_funds_requests r WHERE r.user_id = $1 AND r.state = 'requested'`,
    [userId],
  );
  return {
    request: row
      ? {
          requested_at: new Date(row.requested_at).toISOString(),
          documents: Number(row.documents),
          max_documents: SOF_MAX_DOCUMENTS,
        }
      : null,
  };
}

/**
 * Stores a document with the outstanding request. The request's row is locked first, so parallel
 * uploads cannot pass the per-request maximum. `refused` says why nothing was stored.
 */
export function addSourceOfFundsDocument(
  db: Database,
  upload: { userId: number; file: Omit<DocumentFile, 'side'>; now: Date },
): Promise<SourceOfFundsStatus | { refused: 'none' | 'full' }> {
  return db.transaction(async (tx) => {
    const [request] = await tx.query<{ id: number }>(
      `SELECT id FROM source_of_funds_requests WHERE user_id = $1 AND state = 'requested' FOR UPDATE`,
      [upload.userId],
    );
    if (!request) return { refused: 'none' };
    const [row] = await tx.query<{ documents: number }>(
      `SELECT count(*)::int AS documents FROM source_of_funds_documents WHERE request_id = $1`,
      [request.id],
    );
    if (Number(row!.documents) >= SOF_MAX_DOCUMENTS) return { refused: 'full' };
    await tx.query(
      `INSERT INTO source_of_funds_documents (request_id, mime, size, content, sha256, uploaded_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        request.id,
        upload.file.mime,
        upload.file.content.byteLength,
        upload.file.content,
        createHash('sha256').update(upload.file.content).digest('hex'),
        upload.now.toISOString(),
      ],
    );
    return outstandingSourceOfFunds(tx, upload.userId);
  });
}

export interface SourceOfFundsDocument {
  id: number;
  mime: string;
  size: number;
  uploaded_at: Date | string;
}

/** The documents sent for the player's newest request, oldest first, for the console. */
export async function sourceOfFundsDocumentsOf(db: Queryable, userId: number): Promise<SourceOfFundsDocument[]> {
  return db.query<SourceOfFundsDocument>(
    `SELECT d.id, d.mime, d.size, d.uploaded_at FROM source_of_funds_documents d
     WHERE d.request_id = (SELECT id FROM source_of_funds_requests WHERE user_id = $1
                           ORDER BY requested_at DESC, id DESC LIMIT 1)
     ORDER BY d.id`,
    [userId],
  );
}

/** One document's file, when it belongs to the player (any of their requests). */
export async function sourceOfFundsDocumentFile(db: Queryable, userId: number, documentId: number) {
  const [row] = await db.query<{ mime: string; content: Uint8Array }>(
    `SELECT d.mime, d.content FROM source_of_funds_documents d JOIN source_of_funds_requests r ON r.id = d.request_id
     WHERE d.id = $1 AND r.user_id = $2`,
    [documentId, userId],
  );
  return row;
}
