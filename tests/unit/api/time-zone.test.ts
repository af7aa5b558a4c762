import { describe, expect, it } from 'vitest';
import { checkUserUpdate, knownTimeZone } from '#core/api/validation.ts';

describe('knownTimeZone', () => {
  it.each([
    ['Europe/Berlin', 'Europe/Berlin'],
    ['asia/tokyo', 'Asia/Tokyo'],
    ['UTC', 'UTC'],
    ['Etc/GMT+5', 'Etc/GMT+5'],
  ])('knows %s as %s', (value, name) => {
    expect(knownTimeZone(value)).toBe(name);
    // A second ask answers the same from the cache.
    expect(knownTimeZone(value)).toBe(name);
  });

  it('accepts three-part names, as this runtime names them (ICU may give the older alias)', () => {
    expect(knownTimeZone('America/Argentina/Buenos_Aires')).toMatch(/^America\/(Argentina\/)?Buenos_Aires$/);
  });

  it.each([
    ['an unknown zone', 'Mars/Olympus_Mons'],
    ['a path', '../../etc/passwd'],
    ['a bidi override', 'Europe/Berlin\u202e'],
    ['a NUL', 'Europe/Berlin\u0000'],
    ['an offset', '+02:00'],
    ['too long', `Europe/${'A'.repeat(60)}`],
    ['empty', ''],
    ['a number', 540],
    ['null', null],
  ])('refuses %s', (_name, value) => {
    expect(knownTimeZone(value)).toBeUndefined();
  });
});

describe('checkUserUpdate: time_zone', () => {
  it('accepts a known zone and names the problem of any other', () => {
    expect(checkUserUpdate({ time_zone: 'Asia/Kolkata' })).toEqual({});
    expect(checkUserUpdate({ time_zone: 'Europe/Atlantis' })).toEqual({ time_zone: [{ key: 'time_zone_invalid' }] });
    expect(checkUserUpdate({ time_zone: '\u2066Europe/Berlin' })).toEqual({
      time_zone: [{ key: 'input.unsafe_characters' }],
    });
    expect(checkUserUpdate({ time_zone: null })).toEqual({ time_zone: [{ key: 'required' }] });
    expect(checkUserUpdate({})).toEqual({});
  });
});
