// The sign-up form's country select and deposit limit (src/stores/residence-choice.ts), in Node.
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryName, isCountryCode } from '#core/geo/countries.ts';
import { depositLimitAsk, registrationLimit, residenceChoice } from '../../../src/stores/residence-choice';

describe('the country codes', () => {
  it('are the 249 assigned ISO 3166-1 alpha-2 codes, each named by the runtime', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    expect(COUNTRY_CODES.filter((code) => !names.of(code))).toEqual([]);
  });

  it('refuse what is not an assigned upper-case code', () => {
    expect(isCountryCode('GB')).toBe(true);
    for (const bad of ['gb', 'UK', 'EU', 'XX', 'GBR', '', ' GB', 'G\u202eB', 7, null, undefined, ['GB']])
      expect(isCountryCode(bad), String(bad)).toBe(false);
  });

  it('are named in the reader’s language', () => {
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('JP', 'ja')).toBe('日本');
  });
});

describe('residenceChoice', () => {
  it('lists every country, sorted by its name in the page’s language', () => {
    const { options } = residenceChoice('de', [], undefined);
    expect(options).toHaveLength(249);
    expect(options.find((option) => option.code === 'AT')?.name).toBe('Österreich');
    const names = options.map((option) => option.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));
  });

  const gb = { countries: ['GB'], blocked_countries: [] };
  const anyBut = (...blocked: string[]) => ({ countries: 'any' as const, blocked_countries: blocked });

  it('starts on the one country a market’s licence covers, whatever the language', () => {
    expect(residenceChoice('ja', ['ja-JP'], gb).initial).toBe('GB');
    expect(residenceChoice('en', ['en-US'], { countries: ['NL'], blocked_countries: [] }).initial).toBe('NL');
  });

  it('else the region of a browser language in the page’s language', () => {
    expect(residenceChoice('de', ['fr-CH', 'de-AT'], anyBut()).initial).toBe('AT');
    expect(residenceChoice('en', ['en-US'], undefined).initial).toBe('US');
    expect(residenceChoice('pt', ['pt-BR'], { countries: ['BR', 'PT'], blocked_countries: [] }).initial).toBe('BR');
  });

  it('else the page language’s usual country; a malformed or region-less browser language is passed over', () => {
    expect(residenceChoice('de', ['de'], undefined).initial).toBe('DE');
    expect(residenceChoice('ja', ['not a tag!', 'ja'], undefined).initial).toBe('JP');
    expect(residenceChoice('en', [], anyBut()).initial).toBe('GB');
    expect(residenceChoice('tl', ['en-XX'], undefined).initial).toBe('PH');
  });

  it('never starts on a country the licence does not cover: the next likely one, else none', () => {
    // MT leaves out GB and the US: an English page in an American browser has no likely country left.
    expect(residenceChoice('en', ['en-US'], anyBut('GB', 'US')).initial).toBe('');
    expect(residenceChoice('en', ['en-US', 'en-IE'], anyBut('GB', 'US')).initial).toBe('IE');
    expect(residenceChoice('de', ['de-DE'], anyBut('DE')).initial).toBe('');
    expect(residenceChoice('pt', ['pt-BR'], { countries: ['PT', 'AO'], blocked_countries: [] }).initial).toBe('PT');
  });
});

describe('the deposit limit on the sign-up form', () => {
  const market = (at: 'none' | 'offered' | 'required') => ({
    deposit_limit: { at_registration: at, monthly_max: null, monthly_max_young: null },
  });

  it('is asked where the market offers it, and required where it requires it; not before the market is known', () => {
    expect(depositLimitAsk(market('required'))).toEqual({ shown: true, required: true });
    expect(depositLimitAsk(market('offered'))).toEqual({ shown: true, required: false });
    expect(depositLimitAsk(market('none'))).toEqual({ shown: false, required: false });
    expect(depositLimitAsk(undefined)).toEqual({ shown: false, required: false });
  });

  it('a typed amount is sent as a monthly limit; an empty field sends none', () => {
    expect(registrationLimit(' 500.00 ')).toEqual({ amount: '500.00', period: 'month' });
    expect(registrationLimit('   ')).toBeUndefined();
  });
});
