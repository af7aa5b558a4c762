import {
  API_PATHS,
  type ActivationRequest,
  type LoginRequest,
  type LoginResponse,
  type RegisterRequest,
  type RegisterResponse,
  type ResendActivationRequest,
  type ResetPasswordConfirmRequest,
  type ResetPasswordRequest,
  type SetPasswordRequest,
} from '../../core/api/contract';
import { apiClient } from './instance';

export const register = (body: RegisterRequest, client = apiClient()) =>
  client<RegisterResponse>(API_PATHS.register, { method: 'POST', body });

export const login = (body: LoginRequest, client = apiClient()) =>
  client<LoginResponse>(API_PATHS.login, { method: 'POST', body });

/** Revokes `token` (passed explicitly: the session forgets it before this call is made). */
export const logout = (token: string, client = apiClient()) =>
  client<void>(API_PATHS.logout, { method: 'POST', headers: { Authorization: `Token ${token}` } });

/** Mails a reset link if an account uses the address; answers the same (204) either way. */
export const requestPasswordReset = (body: ResetPasswordRequest, client = apiClient()) =>
  client<void>(API_PATHS.resetPassword, { method: 'POST', body });

export const confirmPasswordReset = (body: ResetPasswordConfirmRequest, client = apiClient()) =>
  client<void>(API_PATHS.resetPasswordConfirm, { method: 'POST', body });

/** Signed in: the session's token goes with the call like any other authenticated request. */
export const setPassword = (body: SetPasswordRequest, client = apiClient()) =>
  client<void>(API_PATHS.setPassword, { method: 'POST', body });

/** Activates a new account with the uid and token of the mailed link. */
export const activate = (body: ActivationRequest, client = apiClient()) =>
  client<void>(API_PATHS.activation, { method: 'POST', body });

/** Mails a new activation link if an account at the address waits for one; answers the same (204) either way. */
export const resendActivation = (body: ResendActivationRequest, client = apiClient()) =>
  client<void>(API_PATHS.resendActivation, { method: 'POST', body });
