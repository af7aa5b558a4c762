/**
 * The real Node server (`server/src/http/listen.ts`) around the real app, on a free port, with short
 * limits: slow bodies are cut off, one address cannot hold every socket, and a client that
 * aborts an upload is logged as 499/info rather than as a server error.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config/server-config.ts';
import { listen } from '../../server/src/http/listen.ts';
import { useTestApi } from './harness.ts';

const ctx = useTestApi();
const limits = loadConfig({
  HEADERS_TIMEOUT_SECONDS: '1',
  REQUEST_TIMEOUT_SECONDS: '2',
  KEEP_ALIVE_TIMEOUT_SECONDS: '1',
  MAX_CONNECTIONS_PER_ADDRESS: '4',
}).http;
let server: Server;
let port: number;
const logs: string[] = [];

beforeAll(async () => {
  const app = createApp({ distDir: '/nonexistent-dist', services: ctx.api.services, log: (line) => logs.push(line) });
  server = listen({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', limits });
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

/** A raw socket, with everything the server sends collected, and when it closed (ms after opening). */
async function rawSocket() {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const opened = performance.now();
  const state = { received: '', closedAfter: undefined as number | undefined };
  socket.on('data', (chunk) => (state.received += chunk));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      state.closedAfter = performance.now() - opened;
      resolve();
    }),
  );
  return { socket, state, closed };
}

const untilClosed = (closed: Promise<void>, ms: number) =>
  Promise.race([closed.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('slow and piled-up connections', () => {
  it('closes a request whose body never completes within the request timeout', async () => {
    const { socket, state, closed } = await rawSocket();
    socket.write(
      'POST /auth/users/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{',
    );
    const trickle = setInterval(() => socket.writable && socket.write(' '), 300);
    try {
      // The limit is 2 s; Node checks every second. Well past that the socket must be gone.
      expect(await untilClosed(closed, 6000)).toBe(true);
    } finally {
      clearInterval(trickle);
    }
    expect(state.closedAfter!).toBeLessThan(4000);
    expect(state.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection that never finishes its headers', async () => {
    const { socket, closed } = await rawSocket();
    socket.write('GET /api/user/me HTTP/1.1\r\nHost: x\r\n');
    expect(await untilClosed(closed, 6000)).toBe(true);
  });

  it('closes a connection that sends nothing at all', async () => {
    const { closed, state } = await rawSocket();
    expect(await untilClosed(closed, 6000)).toBe(true);
    expect(state.closedAfter!).toBeLessThan(4000);
  });

  it('caps concurrent connections per client address, and frees a place when one closes', async () => {
    const held: Socket[] = [];
    for (let i = 0; i < 4; i++) held.push((await rawSocket()).socket);
    const extra = await rawSocket();
    expect(await untilClosed(extra.closed, 3000)).toBe(true);
    expect(extra.state.received).toMatch(/^HTTP\/1\.1 503/);

    held.pop()!.destroy();
    await vi.waitFor(
      async () => expect((await fetch(`http://127.0.0.1:${port}/gmnggate/most_popular`)).status).toBe(200),
      { timeout: 3000 },
    );
    for (const socket of held) socket.destroy();
  });
});

describe('client aborts', () => {
  it('logs an upload aborted mid-body as 499 at level info, never as a 500 or an error', async () => {
    const player = await ctx.api.player();
    const errors = vi.spyOn(console, 'error');
    const from = logs.length;
    const { socket, closed } = await rawSocket();
    const received = once(server, 'request');
    socket.write(
      `POST /api/user/withdrawal HTTP/1.1\r\nHost: x\r\nAuthorization: ` +
        `Token ${player.token}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"e_data":"`,
    );
    // Once the server has the request in hand, the client gives up mid-body.
    await received;
    socket.destroy();
    await closed;
    await vi.waitFor(() => expect(logs.slice(from).some((line) => line.includes('/api/user/withdrawal'))).toBe(true), {
      timeout: 3000,
    });
    const line = JSON.parse(logs.slice(from).find((entry) => entry.includes('/api/user/withdrawal'))!);
    expect(line).toMatchObject({ level: 'info', method: 'POST', path: '/api/user/withdrawal', status: 499 });
    expect(errors.mock.calls.flat().join('\n')).not.toContain('"level":"error"');
    errors.mockRestore();
  });
});
