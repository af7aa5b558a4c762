import { API_PATHS, type StreamTicket } from '../../core/api/contract';
import { apiBase } from './base';
import { apiClient } from './instance';

/** A single-use ticket for the player's own events (docs/live-stream.md); the token stays in a header. */
export const getStreamTicket = (client = apiClient()) =>
  client<StreamTicket>(API_PATHS.streamTicket, { method: 'POST' });

/** The stream's address with a ticket, resuming after `lastEventId` when there is one. */
export function streamUrl(ticket: string, lastEventId?: string): string {
  const url = new URL(API_PATHS.stream, apiBase());
  url.searchParams.set('ticket', ticket);
  if (lastEventId) url.searchParams.set('last_event_id', lastEventId);
  return url.toString();
}
