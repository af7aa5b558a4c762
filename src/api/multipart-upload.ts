import { apiBase } from './base';
import { ApiError } from './errors';
import { sessionRefused } from './instance';
import { $token } from './token';

/**
 * Sends a document upload, the API's multipart bodies, never encrypted (docs/api.md "The reference
 * API"). XMLHttpRequest rather than the ofetch client, because fetch reports no upload progress;
 * the headers, the 401 handling and the `ApiError` on failure are the client's own. `onProgress`
 * receives the fraction sent, from 0 to 1; a 201 answers the body.
 */
export function postMultipart<Answer>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<Answer> {
  const token = $token.get();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', new URL(path, apiBase()).href);
    if (token) xhr.setRequestHeader('Authorization', `Token ${token}`);
    xhr.setRequestHeader('Accept-Language', document.documentElement.lang || 'en');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      if (xhr.status === 201) return resolve(xhr.response as Answer);
      if (xhr.status === 401 && token) sessionRefused();
      reject(new ApiError(xhr.status, xhr.response));
    };
    xhr.onerror = () => reject(new ApiError(0, undefined, new Error('upload failed')));
    xhr.onabort = xhr.onerror;
    xhr.send(form);
  });
}
