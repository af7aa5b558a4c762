import { describe, expect, it } from 'vitest';
import { localNight } from '../../../server/src/services/risk/local-night.ts';

describe('localNight', () => {
  it("answers the local day between 00:00 and 06:00 in the account's zone, null by day", () => {
    expect(localNight(new Date('2026-04-01T17:30:00Z'), 'Asia/Tokyo')).toBe('2026-04-02');
    expect(localNight(new Date('2026-04-01T20:59:59Z'), 'Asia/Tokyo')).toBe('2026-04-02');
    expect(localNight(new Date('2026-04-01T21:00:00Z'), 'Asia/Tokyo')).toBeNull(); // 06:00
    expect(localNight(new Date('2026-04-01T14:59:59Z'), 'Asia/Tokyo')).toBeNull(); // 23:59
    // New York, the night after the clocks went forward (8 March 2026): UTC-4.
    expect(localNight(new Date('2026-03-09T04:30:00Z'), 'America/New_York')).toBe('2026-03-09');
  });

  it('falls back to UTC without a zone or with one this runtime does not know', () => {
    expect(localNight(new Date('2026-04-01T05:59:00Z'), null)).toBe('2026-04-01');
    expect(localNight(new Date('2026-04-01T05:59:00Z'), 'Mars/Olympus')).toBe('2026-04-01');
    expect(localNight(new Date('2026-04-01T06:00:00Z'), undefined)).toBeNull();
  });
});
