import { describe, expect, it } from 'vitest';
import { addressKey } from '#server/http/client-address.ts';
import { deviceSummary, maskAddress } from '#server/services/sessions.ts';

describe('deviceSummary', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome · Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 ' +
        'Safari/537.36 Edg/131.0.0.0',
      'Edge · Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 ' +
        'Safari/605.1.15',
      'Safari · macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) ' +
        'SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet · Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
        'CriOS/126.0 Mobile/15E148 Safari/604.1',
      'Chrome · iOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox · Linux'],
    ['curl/8.5.0', ''],
    ['', ''],
  ])('%s → %s', (agent, summary) => {
    expect(deviceSummary(agent)).toBe(summary);
  });

  it('copes with a missing or huge header', () => {
    expect(deviceSummary(undefined)).toBe('');
    expect(deviceSummary('x'.repeat(100_000) + ' Firefox/1')).toBe('');
  });
});

describe('maskAddress', () => {
  it('hides the last IPv4 octet and shows IPv6 as its /48', () => {
    expect(maskAddress(addressKey('203.0.113.45'))).toBe('203.0.113.x');
    expect(maskAddress(addressKey('::ffff:198.51.100.7'))).toBe('198.51.100.x');
    expect(maskAddress(addressKey('2001:db8:abcd:12:1::5'))).toBe('2001:db8:abcd::/48');
    expect(maskAddress(addressKey('2001:db8::1'))).toBe('2001:db8:0::/48');
    expect(maskAddress('local')).toBe('');
  });
});
