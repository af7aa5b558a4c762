import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import { sameSecret } from '../operator/services/session.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Who may read `/metrics` and the reason behind a 503 from `/readyz`. With METRICS_TOKEN set, only
 * a request with `Authorization: Bearer <token>`, from any address. Without it, only a request from
 * the machine itself: the socket's own address is loopback and no proxy forwarded it (a local
 * Caddy or nginx connects from loopback too, on behalf of anyone).
 */
export function opsAccess(c: Context, token: string | undefined): 'ok' | 'unauthorized' | 'forbidden' {
  if (token) {
    const sent = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    return sameSecret(sent, token) ? 'ok' : 'unauthorized';
  }
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
  const forwarded = c.req.header('x-forwarded-for') !== undefined || c.req.header('forwarded') !== undefined;
  return socket && LOOPBACK.test(socket.remoteAddress ?? '') && !forwarded ? 'ok' : 'forbidden';
}
