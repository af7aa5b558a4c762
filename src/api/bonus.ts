import { API_PATHS, type BonusStatus, type User } from '../../core/api/contract';
import { apiClient } from './instance';

/** The active bonus and its wagering progress. */
export const getBonus = (client = apiClient()) => client<BonusStatus>(API_PATHS.bonus);

/** Forfeits the active bonus; answers the updated user. */
export const cancelBonus = (client = apiClient()) => client<User>(API_PATHS.bonusCancel, { method: 'POST', body: {} });
