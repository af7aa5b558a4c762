/**
 * A Server-Sent Events client over real HTTP, parsing the stream as the HTML standard's
 * EventSource does (fields `id`, `event`, `data`, `retry`; `:` comments; a blank line dispatches),
 * so a test reads what a browser would. Every wait is bounded.
 */

export interface SseMessage {
  id?: string;
  event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON the tests read by field
  data: any;
}

export interface SseClient {
  status: number;
  headers: Headers;
  /** The `retry:` values and comment lines seen so far. */
  retries: number[];
  comments: string[];
  /** The next message (after those already taken) that `match` accepts; fails after `timeoutMs`. */
  next(match?: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  /** Waits for the stream's first line, `retry:`, and answers its value: the stream is open. */
  opened(timeoutMs?: number): Promise<number>;
  /** Waits until a comment line equal to `text` arrives. */
  comment(text: string, timeoutMs?: number): Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const messages: SseMessage[] = [];
  const retries: number[] = [];
  const comments: string[] = [];
  let wake = () => {};
  let ended = false;
  const read = async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let message: { id?: string; event?: string; data: string[] } = { data: [] };
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let newline: number;
        while ((newline = buffer.search(/\r\n|\n|\r/)) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
          if (line === '') {
            if (message.data.length)
              messages.push({
                id: message.id,
                event: message.event ?? 'message',
                data: JSON.parse(message.data.join('\n')),
              });
            message = { data: [] };
          } else if (line.startsWith(':')) comments.push(line.slice(1).trim());
          else {
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') message.id = value;
            else if (field === 'event') message.event = value;
            else if (field === 'data') message.data.push(value);
            else if (field === 'retry') retries.push(Number(value));
          }
          wake();
        }
      }
    } catch {
      // Aborted by close(), or dropped by the server.
    } finally {
      ended = true;
      wake();
    }
  };
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) void read();
  let taken = 0;
  const waitFor = async <T>(found: () => T | undefined, timeoutMs: number, what: string): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = found();
      if (value !== undefined) return value;
      if (ended) throw new Error(`stream ended before ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };
  return {
    status: response.status,
    headers: response.headers,
    retries,
    comments,
    next: (match = () => true, timeoutMs = 2000) =>
      waitFor(
        () => {
          while (taken < messages.length) {
            const message = messages[taken++]!;
            if (match(message)) return message;
          }
          return undefined;
        },
        timeoutMs,
        'matching event',
      ),
    opened: (timeoutMs = 2000) => waitFor(() => retries[0], timeoutMs, 'retry line'),
    comment: (text, timeoutMs = 2000) =>
      waitFor(() => (comments.includes(text) ? true : undefined), timeoutMs, `comment "${text}"`).then(() => {}),
    close: () => abort.abort(),
  };
}
