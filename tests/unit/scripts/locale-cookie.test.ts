import { describe, expect, it } from 'vitest';
import { isCrossOrigin, localeCookieAttributes } from '../../../src/scripts/locale-cookie.ts';

describe('locale cookie attributes', () => {
  it('last a year on the whole site, SameSite=Lax by default', () => {
    expect(localeCookieAttributes(false)).toBe('; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('become SameSite=None; Secure when the site and API are cross-origin', () => {
    expect(localeCookieAttributes(true)).toBe('; Max-Age=31536000; Path=/; SameSite=None; Secure');
  });

  it('read the cross-origin setting strictly', () => {
    expect(isCrossOrigin('1')).toBe(true);
    expect(isCrossOrigin('true')).toBe(true);
    expect(isCrossOrigin('0')).toBe(false);
    expect(isCrossOrigin(undefined)).toBe(false);
  });
});
