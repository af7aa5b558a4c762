import { describe, expect, it } from 'vitest';
import { LOCALES, ROUTES, isLocale, isRoute } from '#core/i18n/locales.ts';

describe('isLocale', () => {
  it('accepts every locale of the site and nothing else', () => {
    expect(LOCALES.every((locale) => isLocale(locale))).toBe(true);
    expect(['', 'EN', 'xx', 'en-US', 'fil', 'constructor'].filter((value) => isLocale(value))).toEqual([]);
  });
});

describe('isRoute', () => {
  it('accepts every route of the site, without locale prefix, and nothing else', () => {
    expect(ROUTES.every((route) => isRoute(route))).toBe(true);
    expect(['/de/faq', '/faq/', 'faq', '/profile/nope', ''].filter((value) => isRoute(value))).toEqual([]);
  });
});
