import { API_PATHS, type DocumentType, type Verification, type VerificationSubmitted } from '../../core/api/contract';
import { apiClient } from './instance';
import { postMultipart } from './multipart-upload';

/** The signed-in player's identity verification status. */
export const getVerification = (client = apiClient()) => client<Verification>(API_PATHS.verification);

export interface DocumentUpload {
  document_type: DocumentType;
  front: File;
  back?: File;
}

/** Sends an identity document (multipart, with its progress from 0 to 1 to `onProgress`). */
export function uploadVerification(
  upload: DocumentUpload,
  onProgress: (fraction: number) => void,
): Promise<VerificationSubmitted> {
  const form = new FormData();
  form.append('document_type', upload.document_type);
  form.append('front', upload.front);
  if (upload.back) form.append('back', upload.back);
  return postMultipart<VerificationSubmitted>(API_PATHS.verification, form, onProgress);
}
