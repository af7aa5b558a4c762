import { serve, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { HttpLimits } from '../config/server-config.ts';
import { answerDirectly } from './direct-answer.ts';

export interface ListenOptions {
  fetch: (request: Request, env?: HttpBindings | Http2Bindings) => Response | Promise<Response>;
  port: number;
  hostname: string;
  limits: HttpLimits;
  onListen?: (info: AddressInfo) => void;
}

/** Sent to a connection over the per-address cap, before it is closed. */
const TOO_MANY = 'HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/**
 * The Node server with limits against slow or piled-up connections: a request must send its
 * headers within `headersTimeoutMs` and all of it within `requestTimeoutMs` (Node answers 408 and
 * closes), an idle socket is closed after the request timeout, and one client address may hold
 * at most `maxConnectionsPerAddress` sockets at once. Without these, clients that trickle a body
 * one byte at a time can hold every file descriptor.
 */
export function listen({ fetch, port, hostname, limits, onListen }: ListenOptions): Server {
  const server = serve(
    {
      // A live stream's answer is written straight to the Node response (direct-answer.ts).
      fetch: async (request: Request, env?: HttpBindings | Http2Bindings) =>
        answerDirectly(await fetch(request, env), env?.outgoing),
      port,
      hostname,
      serverOptions: {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        // Node enforces the two timeouts above only when it checks, every 30 s by default.
        connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
      },
    },
    onListen,
  ) as Server;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // A socket that connects and then sends nothing is not a request yet, so no timeout above applies.
  server.setTimeout(limits.requestTimeoutMs, (socket) => socket.destroy());
  capConnectionsPerAddress(server, limits.maxConnectionsPerAddress);
  return server;
}

/**
 * Counts open sockets per remote address (the socket's own address: behind a proxy that is the
 * proxy, which should then get its own limit). Over the cap, a new socket gets a 503 and is closed.
 */
function capConnectionsPerAddress(server: Server, max: number) {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.end(TOO_MANY, () => socket.destroy());
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
