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
});
