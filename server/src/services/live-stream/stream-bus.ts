import type { Database } from '../../db/database.ts';

/** The channel the triggers of migration 059 notify on. */
export const STREAM_CHANNEL = 'amber_stream';

/** An event as stored and notified: `userId` is its addressee, null for the public feed. */
export interface StoredEvent {
  id: string;
  userId: number | null;
  name: string;
  data: Record<string, unknown>;
}

/** One open stream as the bus sees it. */
export interface StreamSubscriber {
  deliver(event: StoredEvent): void;
  /** Closes the stream: the browser reconnects (to any node) and resumes from its last event id. */
  close(): void;
}

/**
 * One node's end of the event bus. Events are rows the database's triggers write; their NOTIFY
 * reaches this node's one LISTEN when the writing transaction commits, on whichever node it ran
 * (PostgreSQL), or in process (PGlite). The node then hands each event to its open streams.
 * It starts listening with the first stream, so a node nobody streams from holds no extra connection.
 * When the LISTEN connection is lost, every stream is closed rather than left silent: the browsers
 * reconnect, the next stream listens again, and the replay fills the gap.
 */
export class StreamBus {
  private readonly subscribers = new Set<StreamSubscriber>();
  private started?: Promise<void>;

  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** Hands `subscriber` every event committed from now on; answers the function that stops it. */
  async subscribe(subscriber: StreamSubscriber): Promise<() => void> {
    this.started ??= this.start().catch((error: unknown) => {
      this.started = undefined;
      throw error;
    });
    await this.started;
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Streams open on this node. */
  get size(): number {
    return this.subscribers.size;
  }

  /** Closes every stream of this node (a shutdown, a lost LISTEN). */
  closeAll(): void {
    for (const subscriber of [...this.subscribers]) subscriber.close();
    this.subscribers.clear();
  }

  private async start(): Promise<void> {
    const [{ schema } = { schema: '' }] = await this.db.query<{ schema: string }>('SELECT current_schema() AS schema');
    await this.db.listen(
      STREAM_CHANNEL,
      (payload) => {
        const event = parseNotification(payload, schema);
        if (!event) return;
        for (const subscriber of this.subscribers) subscriber.deliver(event);
      },
      () => {
        this.started = undefined;
        this.closeAll();
      },
    );
  }
}

/** The event a NOTIFY carries, if it belongs to this node's schema (one database may hold several). */
function parseNotification(payload: string, schema: string): StoredEvent | undefined {
  try {
    const parsed = JSON.parse(payload) as {
      schema: string;
      id: string;
      user_id: number | null;
      name: string;
      data: never;
    };
    if (parsed.schema !== schema) return undefined;
    return { id: parsed.id, userId: parsed.user_id, name: parsed.name, data: parsed.data };
  } catch {
    return undefined;
  }
}
