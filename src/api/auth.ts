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
import { apiClient, postTo } from './instance';

export const register = postTo<RegisterRequest, RegisterResponse>(API_PATHS.register);

export const login = postTo<LoginRequest, LoginResponse>(API_PATHS.login);

/** Revokes `token` (passed explicitly: the session forgets it before this call is made). */
export const logout = (token: string, client = apiClient()) =>
  client<void>(API_PATHS.logout, { method: 'POST', headers: { Authorization: `Token ${token}` } });

/** Mails a reset link if an account uses the address; answers the same (204) either way. */
export const requestPasswordReset = postTo<ResetPasswordRequest>(API_PATHS.resetPassword);

export const confirmPasswordReset = postTo<ResetPasswordConfirmRequest>(API_PATHS.resetPasswordConfirm);

/** Signed in: the session's token goes with the call like any other authenticated request. */
export const setPassword = postTo<SetPasswordRequest>(API_PATHS.setPassword);

/** Activates a new account with the uid and token of the mailed link. */
export const activate = postTo<ActivationRequest>(API_PATHS.activation);

/** Mails a new activation link if an account at the address waits for one; answers the same (204) either way. */
export const resendActivation = postTo<ResendActivationRequest>(API_PATHS.resendActivation);
