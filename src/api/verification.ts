import { API_PATHS, type DocumentType, type Verification, type VerificationSubmitted } from '../../core/api/contract';
import { apiBase } from './base';
import { ApiError } from './errors';
import { apiClient, sessionRefused } from './instance';
import { $token } from './token';

/** The signed-in player's identity verification status. */
export const getVerification = (client = apiClient()) => client<Verification>(API_PATHS.verification);

export interface DocumentUpload {
  document_type: DocumentType;
  front: File;
  back?: File;
}

/**
 * Sends an identity document: the API's one multipart body, never encrypted (docs/api.md "The
 * reference API"). XMLHttpRequest rather than the ofetch client, because fetch reports no upload
 * progress; the headers, the 401 handling and the `ApiError` on failure are the client's own.
 * `onProgress` receives the fraction sent, from 0 to 1.
 */
export function uploadVerification(
  upload: DocumentUpload,
  onProgress: (fraction: number) => void,
): Promise<VerificationSubmitted> {
  const form = new FormData();
  form.append('document_type', upload.document_type);
  form.append('front', upload.front);
  if (upload.back) form.append('back', upload.back);
  const token = $token.get();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', new URL(API_PATHS.verification, apiBase()).href);
    if (token) xhr.setRequestHeader('Authorization', `Token ${token}`);
    xhr.setRequestHeader('Accept-Language', document.documentElement.lang || 'en');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      if (xhr.status === 201) return resolve(xhr.response as VerificationSubmitted);
      if (xhr.status === 401 && token) sessionRefused();
      reject(new ApiError(xhr.status, xhr.response));
    };
    xhr.onerror = () => reject(new ApiError(0, undefined, new Error('upload failed')));
    xhr.onabort = xhr.onerror;
    xhr.send(form);
  });
}
