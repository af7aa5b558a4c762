import { API_PATHS, type SourceOfFundsStatus } from '../../core/api/contract';
import { apiClient } from './instance';
import { postMultipart } from './multipart-upload';

/** The source-of-funds request staff opened for the signed-in player, if one waits. */
export const getSourceOfFunds = (client = apiClient()) => client<SourceOfFundsStatus>(API_PATHS.sourceOfFunds);

/** Sends one document for the outstanding request (multipart, with its progress from 0 to 1). */
export function uploadSourceOfFunds(file: File, onProgress: (fraction: number) => void): Promise<SourceOfFundsStatus> {
  const form = new FormData();
  form.append('file', file);
  return postMultipart<SourceOfFundsStatus>(API_PATHS.sourceOfFunds, form, onProgress);
}
