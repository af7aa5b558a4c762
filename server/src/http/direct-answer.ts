import { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';

/** Takes over a Node response whose status and headers are sent: it writes the body itself. */
export type DirectWriter = (body: BodySocket) => void;

/** Where a direct answer writes its body: each piece as it is, with no copy and no promise. */
export interface BodySocket {
  write(bytes: Uint8Array): void;
  /** Bytes written but not yet taken by the client. */
  readonly writableLength: number;
  /** Ends the answer normally. */
  end(): void;
  /** Drops the connection (a client too slow). */
  destroy(): void;
  /** The client left, or the connection was dropped. */
  onClose(listener: () => void): void;
}

// The HTTP/1.1 chunk of a piece of a body: the same for every stream a piece is written to.
const chunks = new WeakMap<Uint8Array, Uint8Array>();
const CRLF = Buffer.from('\r\n');

function chunkOf(bytes: Uint8Array): Uint8Array {
  let chunk = chunks.get(bytes);
  if (!chunk) {
    chunk = Buffer.concat([Buffer.from(`${bytes.byteLength.toString(16)}\r\n`), bytes, CRLF]);
    chunks.set(bytes, chunk);
  }
  return chunk;
}

/**
 * The response's socket, written to as is: one event to 10,000 streams is then 10,000 socket
 * writes of one shared chunk, where `ServerResponse.write` would frame each stream's copy of it.
 * Node's response still ends the body (`end` sends the last chunk).
 */
function bodySocket(outgoing: ServerResponse): BodySocket {
  const socket = outgoing.socket!;
  const chunked = outgoing.chunkedEncoding;
  return {
    write: (bytes) => socket.write(chunked ? chunkOf(bytes) : bytes),
    get writableLength() {
      return socket.writableLength;
    },
    end: () => outgoing.end(),
    destroy: () => socket.destroy(),
    onClose: (listener) => outgoing.once('close', listener),
  };
}

const writers = new WeakMap<Response, DirectWriter>();

/**
 * Marks `response` (a long-lived stream, docs/live-stream.md) as one that `listen` may write
 * straight to the Node response: its headers as the middlewares left them, then `write` takes
 * over. Elsewhere (`app.request`, or an answer a middleware replaced) its own body is read as usual.
 */
export function writesDirectly(response: Response, write: DirectWriter): Response {
  writers.set(response, write);
  return response;
}

/**
 * For `listen`: sends the status and headers of a marked answer and hands the Node response to
 * its writer; answers the node server's "already sent" marker then, else the answer unchanged.
 */
export function answerDirectly(response: Response, outgoing: unknown): Response {
  const write = writers.get(response);
  // HTTP/2 and anything but a fresh Node response: the body is read as usual.
  if (!write || !(outgoing instanceof ServerResponse) || outgoing.headersSent || !outgoing.socket) return response;
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  outgoing.writeHead(response.status, headers);
  outgoing.flushHeaders();
  write(bodySocket(outgoing));
  return RESPONSE_ALREADY_SENT;
}
