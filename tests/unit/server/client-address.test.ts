import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { addressKey, clientAddress } from '#server/http/client-address.ts';

const context = (peer: string | undefined, forwardedFor?: string) =>
  ({
    env: peer === undefined ? undefined : { incoming: { socket: { remoteAddress: peer } } },
    req: { header: (name: string) => (name === 'x-forwarded-for' ? forwardedFor : undefined) },
  }) as unknown as Context;

describe('clientAddress', () => {
  it('is the socket peer, and ignores X-Forwarded-For unless TRUST_PROXY is set', () => {
    expect(clientAddress(context('203.0.113.7', '1.2.3.4'), 0)).toBe('203.0.113.7');
  });

  it('with TRUST_PROXY=n takes the n-th X-Forwarded-For entry from the right', () => {
    expect(clientAddress(context('10.0.0.1', '1.2.3.4, 203.0.113.7'), 1)).toBe('203.0.113.7');
    expect(clientAddress(context('10.0.0.1', '1.2.3.4, 203.0.113.7, 10.0.0.2'), 2)).toBe('203.0.113.7');
  });

  it('falls back to the peer when the header is missing, too short or not an address', () => {
    expect(clientAddress(context('10.0.0.1'), 1)).toBe('10.0.0.1');
    expect(clientAddress(context('10.0.0.1', '203.0.113.7'), 2)).toBe('10.0.0.1');
    expect(clientAddress(context('10.0.0.1', 'evil, <script>'), 1)).toBe('10.0.0.1');
  });

  it('is "local" for in-process requests, which have no socket', () => {
    expect(clientAddress(context(undefined), 0)).toBe('local');
  });
});

describe('addressKey', () => {
  it('unwraps IPv4-mapped IPv6 and counts IPv6 per /64', () => {
    expect(addressKey('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
