import {
  API_PATHS,
  type CloseAccountRequest,
  type CloseAccountResponse,
  type SetEmailConfirmRequest,
  type SetEmailRequest,
} from '../../core/api/contract';
import { apiClient, postTo } from './instance';

/** Asks for an email change: a link goes to the new address; answers 204 whether it is free or taken. */
export const setEmail = postTo<SetEmailRequest>(API_PATHS.setEmail);

/** Confirms the change with the uid and token of the link mailed to the new address. */
export const confirmEmail = postTo<SetEmailConfirmRequest, { email: string }>(API_PATHS.setEmailConfirm);

/** The player's data file (JSON), as a Blob to save. */
export const exportData = (client = apiClient()) => client<Blob>(API_PATHS.exportData, { as: 'blob' });

/** Closes the account; with a balance, `method` and `destination` say where it is paid out. */
export const closeAccount = postTo<CloseAccountRequest, CloseAccountResponse>(API_PATHS.closeAccount);
