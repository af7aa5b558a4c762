import type { StreamSettings } from './stream-settings.ts';

const encoder = new TextEncoder();

/** One event as the stream writes it: `id`, `event`, and `data` as one JSON line. Never changed once made. */
export const sseFrame = (id: string, name: string, data: unknown): Uint8Array =>
  encoder.encode(`id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`);

/**
 * One `text/event-stream` answer: `retry:` first, then events (`id`, `event`, `data` as one JSON
 * line) and a heartbeat comment every `heartbeatMs`. Its queue is bounded in bytes: a client that
 * reads too slowly is dropped (the browser reconnects and resumes), never buffered without bound.
 */
export class SseChannel {
  readonly stream: ReadableStream<Uint8Array>;
  private controller?: ReadableStreamDefaultController<Uint8Array>;
  private heartbeat?: ReturnType<typeof setInterval>;
  private ended = false;
  private readonly onEnd: () => void;

  constructor(settings: Pick<StreamSettings, 'heartbeatMs' | 'retryMs' | 'maxQueuedBytes'>, onEnd: () => void) {
    this.onEnd = onEnd;
    this.stream = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
          this.write(`retry: ${settings.retryMs}\n\n`);
          this.heartbeat = setInterval(() => this.write(': heartbeat\n\n'), settings.heartbeatMs);
        },
        cancel: () => this.end(),
      },
      { highWaterMark: settings.maxQueuedBytes, size: (chunk) => chunk.byteLength },
    );
  }

  send(id: string, name: string, data: unknown): void {
    this.sendFrame(sseFrame(id, name, data));
  }

  /** An event already framed (`sseFrame`): one event sent to many streams is framed once. */
  sendFrame(frame: Uint8Array): void {
    this.enqueue(frame);
  }

  private write(text: string): void {
    this.enqueue(encoder.encode(text));
  }

  private enqueue(bytes: Uint8Array): void {
    if (this.ended || !this.controller) return;
    this.controller.enqueue(bytes);
    if ((this.controller.desiredSize ?? 0) < 0) {
      this.controller.error(new Error('stream client too slow'));
      this.end();
    }
  }

  /** Ends the answer normally (a shutdown, a lost bus): the browser reconnects by itself. */
  close(): void {
    if (this.ended) return;
    this.controller?.close();
    this.end();
  }

  /** Stops the heartbeat and the subscription: the client left, or was dropped. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.heartbeat);
    this.onEnd();
  }
}
