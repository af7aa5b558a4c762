import { describe, expect, it } from 'vitest';
import { localizedPath, localeStaticPaths, splitLocale } from '#core/i18n/urls.ts';

describe('localizedPath', () => {
  it('leaves English unprefixed', () => {
    expect(localizedPath('/', 'en')).toBe('/');
    expect(localizedPath('/profile/deposit', 'en')).toBe('/profile/deposit');
  });

  it('prefixes other locales, with a trailing slash only for their home', () => {
    expect(localizedPath('/', 'ru')).toBe('/ru/');
    expect(localizedPath('/faq', 'de')).toBe('/de/faq');
  });
});

describe('splitLocale', () => {
  it('finds the locale prefix and the route', () => {
    expect(splitLocale('/ja/profile/history')).toEqual({ locale: 'ja', route: '/profile/history' });
    expect(splitLocale('/ko')).toEqual({ locale: 'ko', route: '/' });
  });

  it('treats unknown or English prefixes as unprefixed English routes', () => {
    expect(splitLocale('/xx/faq')).toEqual({ locale: 'en', route: '/xx/faq' });
    expect(splitLocale('/en/faq')).toEqual({ locale: 'en', route: '/en/faq' });
    expect(splitLocale('/faq')).toEqual({ locale: 'en', route: '/faq' });
  });
});

describe('localeStaticPaths', () => {
  it('builds one page per locale, English at the root', () => {
    const paths = localeStaticPaths();
    expect(paths).toHaveLength(14);
    expect(paths[0]).toEqual({ params: { lang: undefined }, props: { locale: 'en' } });
    expect(paths.map((p) => p.params.lang)).toContain('zh');
  });
});
