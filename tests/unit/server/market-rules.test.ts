// The market profile's rules as plain decisions: the age a cap is for, the lower cap when no date of birth
// is stored, the game cycle's boundary (docs/markets.md).
import { describe, expect, it } from 'vitest';
import { loadMarketProfile } from '#server/markets/market-profiles.ts';
import { ageOn, cycleRefusal, marketOffers, stakeCapRefusal } from '#server/services/markets/market-rules.ts';

const GB = loadMarketProfile('GB');
const DE = loadMarketProfile('DE');
const now = new Date('2026-06-01T10:00:00Z');

describe('market rules', () => {
  it('age turns on the birthday, by the UTC date', () => {
    expect(ageOn('2001-06-01', now)).toBe(25);
    expect(ageOn('2001-06-02', now)).toBe(24);
    expect(ageOn('2008-05-31', now)).toBe(18);
  });

  it('GB slot caps: £5 from 25, £2 from 18 to 24, the lower cap without a date of birth', () => {
    expect(stakeCapRefusal(GB, 'slot', 500n, '2001-06-01', now)).toBeUndefined();
    expect(stakeCapRefusal(GB, 'slot', 501n, '2001-06-01', now)).toEqual({ cents: 500n, ages: undefined });
    expect(stakeCapRefusal(GB, 'slot', 201n, '2001-06-02', now)).toEqual({ cents: 200n, ages: [18, 24] });
    expect(stakeCapRefusal(GB, 'slot', 201n, null, now)).toEqual({ cents: 200n, ages: [18, 24] });
    expect(stakeCapRefusal(GB, 'roulette', 10_000n, '2001-06-02', now)).toBeUndefined();
  });

  it('the game cycle: refused below the minimum, not at it; crash exempt in GB', () => {
    const previous = new Date(now.getTime() - 2499);
    expect(cycleRefusal(GB, 'slot', previous, now)).toBe(2.5);
    expect(cycleRefusal(GB, 'slot', new Date(now.getTime() - 2500), now)).toBeUndefined();
    expect(cycleRefusal(GB, 'crash', new Date(now.getTime() - 1), now)).toBeUndefined();
    expect(cycleRefusal(GB, '', new Date(now.getTime() - 4999), now)).toBe(5);
    expect(cycleRefusal(GB, 'slot', null, now)).toBeUndefined();
  });

  it('DE offers slots only; a provider game of no stated mechanic is not offered', () => {
    expect(marketOffers(DE, 'slot')).toBe(true);
    expect(marketOffers(DE, 'roulette')).toBe(false);
    expect(marketOffers(DE, '')).toBe(false);
    expect(marketOffers(GB, '')).toBe(true);
  });
});
