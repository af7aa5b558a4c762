import { API_PATHS, type LoginRequest, type LoginResponse, type RegisterRequest, type RegisterResponse } from './contract';
import { apiClient } from './instance';

export const register = (body: RegisterRequest, client = apiClient()) =>
  client<RegisterResponse>(API_PATHS.register, { method: 'POST', body });

export const login = (body: LoginRequest, client = apiClient()) => client<LoginResponse>(API_PATHS.login, { method: 'POST', body });

/** Revokes `token` (passed explicitly: the session forgets it before this call is made). */
export const logout = (token: string, client = apiClient()) =>
  client<void>(API_PATHS.logout, { method: 'POST', headers: { Authorization: `Token ${token}` } });
