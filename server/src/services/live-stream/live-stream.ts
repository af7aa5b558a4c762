import type { Services } from '../../app-env.ts';
import type { StoredEvent, StreamBus } from './stream-bus.ts';
import { eventFrame, isVisibleTo } from './stream-event-render.ts';
import { streamSettingsOf } from './stream-settings.ts';
import { redeemStreamTicket } from './stream-tickets.ts';
import { SseChannel } from './sse-channel.ts';

export interface StreamRequest {
  /** The `?ticket=` for the player's own events; absent for the public feed alone. */
  ticket?: string;
  /** `Last-Event-ID`: events after it, still within the retention window, are sent first. */
  lastEventId?: string;
}

/**
 * Opens one stream: the public events, and the player's own when a valid ticket comes with it.
 * Answers undefined for a refused ticket (unknown, expired or used), before anything is streamed.
 * It subscribes before it replays, so no event falls between the two; one sent both ways goes once.
 */
export async function openLiveStream(
  services: Services,
  bus: StreamBus,
  request: StreamRequest,
): Promise<SseChannel | undefined> {
  const viewer = request.ticket === undefined ? null : await redeemStreamTicket(services, request.ticket);
  if (viewer === undefined) return undefined;
  const settings = streamSettingsOf(services);
  let stop = () => {};
  const channel = new SseChannel(settings, () => stop());
  const send = (event: StoredEvent) => channel.sendFrame(eventFrame(event, viewer, services.config.highRollerAmount));
  const replaying = request.lastEventId !== undefined;
  const held: StoredEvent[] = [];
  let live = !replaying;
  const unsubscribe = await bus.subscribe({
    deliver(event) {
      if (!isVisibleTo(event, viewer)) return;
      if (live) send(event);
      else held.push(event);
    },
    close: () => channel.close(),
  });
  stop = () => unsubscribe();
  if (replaying) {
    const replayed = new Set<string>();
    try {
      for (const event of await eventsAfter(services, request.lastEventId!, viewer)) {
        replayed.add(event.id);
        send(event);
      }
    } catch (error) {
      channel.end();
      throw error;
    }
    for (const event of held) if (!replayed.has(event.id)) send(event);
    live = true;
  }
  return channel;
}

/** The retained events after `lastId` that `viewer` may see, oldest first. */
async function eventsAfter(services: Services, lastId: string, viewer: number | null): Promise<StoredEvent[]> {
  const { retentionSeconds, maxReplayed } = streamSettingsOf(services);
  const rows = await services.db.query<{
    id: string;
    user_id: number | null;
    name: string;
    data: Record<string, unknown>;
  }>(
    `SELECT id::text, user_id, name, data FROM stream_events
      WHERE id > $1::bigint AND (user_id IS NULL OR user_id = $2)
        AND created_at >= $3::timestamptz - make_interval(secs => $4)
      ORDER BY id LIMIT $5`,
    [lastId, viewer, services.clock().toISOString(), retentionSeconds, maxReplayed],
  );
  return rows.map((row) => ({ id: row.id, userId: row.user_id, name: row.name, data: row.data }));
}
