import { API_PATHS, type ReferralStats, type User, type UserUpdateRequest } from '../../core/api/contract';
import { apiClient } from './instance';

export const getMe = (client = apiClient()) => client<User>(API_PATHS.me);

export const updateUser = (body: UserUpdateRequest, client = apiClient()) =>
  client<User>(API_PATHS.updateUser, { method: 'PATCH', body });

export const getReferralStats = (client = apiClient()) => client<ReferralStats>(API_PATHS.referralStats);
