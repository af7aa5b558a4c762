import { Hono } from 'hono';
import { API_PATHS, type StreamTicket } from '#core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUserOn } from '../http/auth.ts';
import { writesDirectly } from '../http/direct-answer.ts';
import { detailError } from '../http/errors.ts';
import type { Lifecycle } from '../ops/lifecycle.ts';
import { openLiveStream } from '../services/live-stream/live-stream.ts';
import { StreamBus } from '../services/live-stream/stream-bus.ts';
import { issueStreamTicket } from '../services/live-stream/stream-tickets.ts';

/** An event id as the stream sends it (a bigint); anything else is ignored, not refused. */
const EVENT_ID = /^\d{1,18}$/;

/**
 * The live stream (docs/live-stream.md): `GET /api/stream` answers `text/event-stream`, with the
 * player's own events when `?ticket=` carries a ticket from `POST /api/stream/ticket`. Each app
 * (one API node) has its own bus. A page that opens a new stream after a ticket (EventSource sends
 * no headers of ours) names its last event as `?last_event_id=`; the browser's own reconnection
 * sends `Last-Event-ID`.
 */
export function streamRoutes(services: Services, lifecycle: Lifecycle) {
  const app = new Hono<AppEnv>();
  const bus = new StreamBus(services.db);
  // A node going down closes its streams: the browsers reconnect to another node and resume.
  lifecycle.whenShuttingDown(() => bus.closeAll());
  requireUserOn(app, services, [API_PATHS.streamTicket]);

  app.post(API_PATHS.streamTicket, async (c) => {
    const ticket = await issueStreamTicket(services, c.get('userId'));
    c.header('Cache-Control', 'no-store');
    return c.json<StreamTicket>({ ticket });
  });

  app.get(API_PATHS.stream, async (c) => {
    const lastEventId = c.req.header('last-event-id') ?? c.req.query('last_event_id');
    const channel = await openLiveStream(services, bus, {
      ticket: c.req.query('ticket'),
      lastEventId: lastEventId && EVENT_ID.test(lastEventId) ? lastEventId : undefined,
    });
    if (!channel) throw detailError(401, 'invalid_token');
    const answer = new Response(channel.stream, {
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        // no-transform: no compression, which would hold events back until a block fills.
        'Cache-Control': 'no-store, no-transform',
        // nginx passes the stream through unbuffered.
        'X-Accel-Buffering': 'no',
      },
    });
    // On our Node server each event is then one synchronous write to the socket (docs/live-stream.md "Capacity").
    return writesDirectly(answer, (outgoing) => channel.attach(outgoing));
  });

  return app;
}
