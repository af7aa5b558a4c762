import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addressAllowed, allowList } from '../../../server/src/http/address-allow-list.ts';

/** Every .ts file under `folder`, recursively. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('address allow-list', () => {
  it('lets everyone through an empty list and nobody unknown through a set one', () => {
    expect(allowList([])).toBeUndefined();
    expect(addressAllowed(undefined, undefined)).toBe(true);
    const list = allowList(['203.0.113.7', '10.0.0.0/8', '2001:db8::/32']);
    expect(addressAllowed(list, undefined)).toBe(false);
    expect(addressAllowed(list, '203.0.113.7')).toBe(true);
    expect(addressAllowed(list, '203.0.113.8')).toBe(false);
    expect(addressAllowed(list, '10.200.1.1')).toBe(true);
    expect(addressAllowed(list, '2001:db8:1::5')).toBe(true);
    expect(addressAllowed(list, '2001:db9::5')).toBe(false);
  });

  it('checks an IPv4 client on a dual-stack socket as its IPv4 address', () => {
    const list = allowList(['192.0.2.0/24']);
    expect(addressAllowed(list, '::ffff:192.0.2.10')).toBe(true);
    expect(addressAllowed(list, '::ffff:198.51.100.1')).toBe(false);
  });

  it('is shared from server/src/http: no player-side service imports the console', () => {
    const offenders = sourceFiles('server/src/services').filter((file) =>
      /from '[./]*\/operator\//.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
