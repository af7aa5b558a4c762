import {
  API_PATHS,
  type CloseAccountRequest,
  type CloseAccountResponse,
  type SetEmailConfirmRequest,
  type SetEmailRequest,
} from '../../core/api/contract';
import { apiClient } from './instance';

/** Asks for an email change: a link goes to the new address; answers 204 whether it is free or taken. */
export const setEmail = (body: SetEmailRequest, client = apiClient()) =>
  client<void>(API_PATHS.setEmail, { method: 'POST', body });

/** Confirms the change with the uid and token of the link mailed to the new address. */
export const confirmEmail = (body: SetEmailConfirmRequest, client = apiClient()) =>
  client<{ email: string }>(API_PATHS.setEmailConfirm, { method: 'POST', body });

/** The player's data file (JSON), as a Blob to save. */
export const exportData = (client = apiClient()) => client<Blob>(API_PATHS.exportData, { as: 'blob' });

/** Closes the account; with a balance, `method` and `destination` say where it is paid out. */
export const closeAccount = (body: CloseAccountRequest, client = apiClient()) =>
  client<CloseAccountResponse>(API_PATHS.closeAccount, { method: 'POST', body });
