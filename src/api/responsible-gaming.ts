import {
  API_PATHS,
  type RealityCheckAck,
  type ResponsibleGaming,
  type ResponsibleGamingUpdate,
  type SelfExclusionRequest,
  type TimeOutRequest,
} from '../../core/api/contract';
import { apiClient, postTo } from './instance';

/** Limits, reality-check settings, blocks and account activity of the signed-in player. */
export const getResponsibleGaming = (client = apiClient()) => client<ResponsibleGaming>(API_PATHS.responsibleGaming);

export const updateResponsibleGaming = (body: ResponsibleGamingUpdate, client = apiClient()) =>
  client<ResponsibleGaming>(API_PATHS.responsibleGaming, { method: 'PATCH', body });

export const acknowledgeRealityCheck = (client = apiClient()) =>
  client<RealityCheckAck>(API_PATHS.realityCheckAck, { method: 'POST', body: {} });

/** Both revoke every token: the caller signs out locally afterwards. */
export const startTimeOut = postTo<TimeOutRequest, { time_out_until: string }>(API_PATHS.timeOut);
export const startSelfExclusion = postTo<SelfExclusionRequest, { self_excluded_until: string }>(
  API_PATHS.selfExclusion,
);
