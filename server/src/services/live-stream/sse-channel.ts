import type { BodySocket } from '../../http/direct-answer.ts';
import { startBeating, stopBeating } from './heartbeat-sweep.ts';
import type { StreamSettings } from './stream-settings.ts';

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(': heartbeat\n\n');
const TOO_SLOW = 'stream client too slow';

/** One event as the stream writes it: `id`, `event`, and `data` as one JSON line. Never changed once made. */
export const sseFrame = (id: string, name: string, data: unknown): Uint8Array =>
  encoder.encode(`id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`);

/**
 * One `text/event-stream` answer: `retry:` first, then events (`id`, `event`, `data` as one JSON
 * line) and a heartbeat comment every `heartbeatMs`. What the client has not taken is bounded in
 * bytes: a client that reads too slowly is dropped (the browser reconnects and resumes), never
 * buffered without bound.
 *
 * The answer goes out one of two ways. On our Node server, `attach` hands the channel the response's
 * socket (http/direct-answer.ts), and each event is one synchronous write of a shared chunk (an
 * event reaches 10,000 streams in one loop, with no promise or copy per stream). Anywhere else
 * (`app.request` in tests, another runtime) the web stream `stream` is read. Until one of them
 * starts, what is sent waits in a bounded list.
 */
export class SseChannel {
  readonly stream: ReadableStream<Uint8Array>;
  private controller?: ReadableStreamDefaultController<Uint8Array>;
  private socket?: BodySocket;
  private mode: 'waiting' | 'stream' | 'socket' = 'waiting';
  private waiting: Uint8Array[] = [];
  private waitingBytes = 0;
  private closing = false;
  private ended = false;
  private readonly maxQueuedBytes: number;
  private readonly heartbeatMs: number;
  private readonly onEnd: () => void;

  constructor(settings: Pick<StreamSettings, 'heartbeatMs' | 'retryMs' | 'maxQueuedBytes'>, onEnd: () => void) {
    this.onEnd = onEnd;
    this.maxQueuedBytes = settings.maxQueuedBytes;
    this.heartbeatMs = settings.heartbeatMs;
    this.stream = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        // A high-water mark of 0: pulled only once a reader asks, so an attached socket is never raced.
        pull: () => this.startStreaming(),
        cancel: () => this.end(),
      },
      { highWaterMark: 0, size: (chunk) => chunk.byteLength },
    );
    this.enqueue(encoder.encode(`retry: ${settings.retryMs}\n\n`));
    startBeating(this, this.heartbeatMs);
  }

  send(id: string, name: string, data: unknown): void {
    this.sendFrame(sseFrame(id, name, data));
  }

  /** An event already framed (`sseFrame`): one event sent to many streams is framed once. */
  sendFrame(frame: Uint8Array): void {
    this.enqueue(frame);
  }

  heartbeat(): void {
    this.enqueue(HEARTBEAT);
  }

  /** Writes the answer to `socket` from now on (its headers already sent); the web stream is left unread. */
  attach(socket: BodySocket): void {
    if (this.mode !== 'waiting') return;
    this.mode = 'socket';
    this.socket = socket;
    socket.onClose(() => this.end());
    for (const bytes of this.takeWaiting()) socket.write(bytes);
    if (this.closing) socket.end();
    else if (this.ended) socket.destroy();
  }

  /** Ends the answer normally (a shutdown, a lost bus): the browser reconnects by itself. */
  close(): void {
    if (this.ended) return;
    this.closing = true;
    if (this.mode === 'stream') this.controller?.close();
    else if (this.mode === 'socket') this.socket?.end();
    this.end();
  }

  /** Stops the heartbeat and the subscription: the client left, or was dropped. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    stopBeating(this, this.heartbeatMs);
    this.onEnd();
  }

  private startStreaming(): void {
    if (this.mode !== 'waiting') return;
    this.mode = 'stream';
    for (const bytes of this.takeWaiting()) this.controller?.enqueue(bytes);
    if (this.closing) this.controller?.close();
  }

  private takeWaiting(): Uint8Array[] {
    const waiting = this.waiting;
    this.waiting = [];
    this.waitingBytes = 0;
    return waiting;
  }

  private enqueue(bytes: Uint8Array): void {
    if (this.ended) return;
    if (this.mode === 'socket') {
      this.socket!.write(bytes);
      if (this.socket!.writableLength > this.maxQueuedBytes) this.drop();
    } else if (this.mode === 'stream') {
      this.controller!.enqueue(bytes);
      if ((this.controller!.desiredSize ?? 0) < -this.maxQueuedBytes) this.drop();
    } else {
      this.waiting.push(bytes);
      this.waitingBytes += bytes.byteLength;
      if (this.waitingBytes > this.maxQueuedBytes) this.drop();
    }
  }

  private drop(): void {
    this.waiting = [];
    this.controller?.error(new Error(TOO_SLOW));
    this.socket?.destroy();
    this.end();
  }
}
