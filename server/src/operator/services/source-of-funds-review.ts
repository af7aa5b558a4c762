import type { Services } from '../../app-env.ts';
import { sourceOfFundsDocumentFile } from '../../services/source-of-funds-documents.ts';
import { auditedView } from './audit.ts';

/** One source-of-funds document of the player for a staff member to look at; the view is audited. */
export async function sourceOfFundsDocumentForStaff(
  services: Pick<Services, 'db' | 'clock'>,
  staffId: number,
  userId: number,
  documentId: number,
) {
  return auditedView(
    services,
    {
      staffId,
      action: 'document.view',
      targetType: 'player',
      targetId: String(userId),
      after: { source_of_funds_document: documentId },
    },
    await sourceOfFundsDocumentFile(services.db, userId, documentId),
  );
}
