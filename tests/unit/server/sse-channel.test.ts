import { describe, expect, it } from 'vitest';
import { SseChannel } from '#server/services/live-stream/sse-channel.ts';

const SETTINGS = { heartbeatMs: 60_000, retryMs: 3000, maxQueuedBytes: 1024 };
const text = (chunks: Uint8Array[]) => chunks.map((chunk) => new TextDecoder().decode(chunk)).join('');

describe('an SSE channel', () => {
  it('writes retry first, then each event as id, event and one line of JSON data', async () => {
    const channel = new SseChannel(SETTINGS, () => {});
    channel.send('7', 'balance', { balance: '1.00', note: 'two\nlines' });
    channel.close();
    const chunks: Uint8Array[] = [];
    for await (const chunk of channel.stream) chunks.push(chunk);
    expect(text(chunks)).toBe(
      'retry: 3000\n\nid: 7\nevent: balance\ndata: {"balance":"1.00","note":"two\\nlines"}\n\n',
    );
  });

  it('drops a client that does not read once its queue passes the bound, and ends its subscription', async () => {
    let ended = 0;
    const channel = new SseChannel(SETTINGS, () => (ended += 1));
    const event = { payload: 'x'.repeat(200) };
    for (let i = 0; i < 4; i++) channel.send(String(i), 'bet', event);
    expect(ended).toBe(0);
    // The fifth event passes 1024 queued bytes: the stream errors instead of growing.
    for (let i = 4; i < 20; i++) channel.send(String(i), 'bet', event);
    expect(ended).toBe(1);
    await expect(channel.stream.getReader().read()).rejects.toThrow('stream client too slow');
  });

  it('ends its subscription once when the client goes away', async () => {
    let ended = 0;
    const channel = new SseChannel(SETTINGS, () => (ended += 1));
    await channel.stream.cancel();
    channel.close();
    expect(ended).toBe(1);
  });

  describe('written to a socket (our Node server)', () => {
    /** A socket whose client takes nothing: every byte written stays unsent. */
    function stuckSocket() {
      const written: Uint8Array[] = [];
      const socket = {
        written,
        ended: 0,
        destroyed: 0,
        closeListeners: [] as (() => void)[],
        write: (bytes: Uint8Array) => void written.push(bytes),
        get writableLength() {
          return written.reduce((sum, bytes) => sum + bytes.byteLength, 0);
        },
        end: () => void (socket.ended += 1),
        destroy: () => void (socket.destroyed += 1),
        onClose: (listener: () => void) => void socket.closeListeners.push(listener),
      };
      return socket;
    }

    it('writes what waited first, then each event at once, and ends the answer on close', () => {
      const channel = new SseChannel(SETTINGS, () => {});
      channel.send('1', 'bet', { a: 1 });
      const socket = stuckSocket();
      channel.attach(socket);
      channel.send('2', 'bet', { a: 2 });
      expect(text(socket.written)).toBe(
        'retry: 3000\n\nid: 1\nevent: bet\ndata: {"a":1}\n\nid: 2\nevent: bet\ndata: {"a":2}\n\n',
      );
      channel.close();
      expect(socket.ended).toBe(1);
      channel.send('3', 'bet', { a: 3 });
      expect(socket.written).toHaveLength(3);
    });

    it('drops a client whose socket holds more than the bound unsent, once', () => {
      let ended = 0;
      const channel = new SseChannel(SETTINGS, () => (ended += 1));
      const socket = stuckSocket();
      channel.attach(socket);
      const event = { payload: 'x'.repeat(200) };
      for (let i = 0; i < 4; i++) channel.send(String(i), 'bet', event);
      expect(socket.destroyed).toBe(0);
      for (let i = 4; i < 20; i++) channel.send(String(i), 'bet', event);
      expect([socket.destroyed, ended]).toEqual([1, 1]);
      // Nothing more is written to a dropped client.
      expect(socket.written).toHaveLength(6);
    });

    it('ends its subscription once when the client leaves', () => {
      let ended = 0;
      const channel = new SseChannel(SETTINGS, () => (ended += 1));
      const socket = stuckSocket();
      channel.attach(socket);
      for (const listener of socket.closeListeners) listener();
      channel.close();
      expect([ended, socket.ended]).toEqual([1, 0]);
    });
  });
});
