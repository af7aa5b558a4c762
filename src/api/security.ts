import {
  API_PATHS,
  type SessionInfo,
  type TwoFactorActivateResponse,
  type TwoFactorConfirmResponse,
  type TwoFactorDeactivateRequest,
  type TwoFactorStatus,
} from '../../core/api/contract';
import { apiClient, postTo } from './instance';

export const listSessions = (client = apiClient()) => client<SessionInfo[]>(API_PATHS.sessions);

export const endSession = (id: number, client = apiClient()) =>
  client<void>(API_PATHS.sessions, { method: 'DELETE', query: { id } });

export const twoFactorStatus = (client = apiClient()) => client<TwoFactorStatus>(API_PATHS.twoFactorStatus);

export const activateTwoFactor = (current_password: string, client = apiClient()) =>
  client<TwoFactorActivateResponse>(API_PATHS.twoFactorActivate, { method: 'POST', body: { current_password } });

export const confirmTwoFactor = (code: string, current_password: string, client = apiClient()) =>
  client<TwoFactorConfirmResponse>(API_PATHS.twoFactorConfirm, { method: 'POST', body: { code, current_password } });

export const deactivateTwoFactor = postTo<TwoFactorDeactivateRequest>(API_PATHS.twoFactorDeactivate);
