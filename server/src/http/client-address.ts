import { isIP } from 'node:net';
import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';

/**
 * The address limits are counted against. It is the socket's peer, unless the operator says
 * `TRUST_PROXY=n` proxies sit in front: then it is the n-th X-Forwarded-For entry from the
 * right, the one the outermost of our own proxies appended. Entries further left are written
 * by the client and can say anything, so they are never used.
 *
 * IPv6 addresses count per /64, the block one subscriber usually gets, so a client cannot
 * step around a limit by changing its interface identifier.
 */
export function clientAddress(c: Context, trustProxy: number): string {
  const ip = clientIp(c, trustProxy);
  return ip ? addressKey(ip) : 'local';
}

/** The client's full address by the same rule (undefined for in-process requests), for allow-lists. */
export function clientIp(c: Context, trustProxy: number): string | undefined {
  if (trustProxy > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((entry) => entry.trim());
    const entry = hops.length >= trustProxy ? hops[hops.length - trustProxy] : undefined;
    if (entry && isIP(entry)) return entry;
  }
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
  // Requests made in-process (app.request in tests) have no socket.
  return socket?.remoteAddress || undefined;
}

/** `::ffff:1.2.3.4` is the IPv4 client 1.2.3.4; any other IPv6 address stands for its /64. */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
