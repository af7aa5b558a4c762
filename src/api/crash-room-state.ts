import { API_PATHS, type CrashRoomState } from '../../core/api/contract';
import { getPublicJson } from './get-public';

/**
 * The shared crash room's state (`GET /api/crash-room`), with the page's clock before and after the
 * request: the room places the server's clock between the two.
 */
export async function fetchCrashRoomState(): Promise<{ state: CrashRoomState; sentAt: number; receivedAt: number }> {
  const sentAt = Date.now();
  const state = await getPublicJson<CrashRoomState>(API_PATHS.crashRoom);
  return { state, sentAt, receivedAt: Date.now() };
}
